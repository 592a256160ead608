import { useRejectedMail } from '../api/ops-queries.ts';
import { formatWhen, opsStyles as s } from './widgets.tsx';

/** Decision 059: mail refused for good (SMTP 5xx) is not retried; staff see it here and fix the address. */
export function RejectedMail() {
  const mail = useRejectedMail();
  return (
    <section className={s.card} aria-labelledby="rejected-mail-title">
      <h2 id="rejected-mail-title">Mail refused for good</h2>
      {mail.data?.results.length ? (
        <ul className={s.list}>
          {mail.data.results.map((m) => (
            <li key={m._id}>
              <strong>{m.to}</strong> — {m.subject} <span className={s.muted}>{formatWhen(m.failed_at)}</span>
              {m.last_error ? <div className={s.muted}>{m.last_error}</div> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={s.muted}>
          {mail.isPending ? 'Loading…' : 'None: every mail was delivered or is retried.'}
        </p>
      )}
    </section>
  );
}
