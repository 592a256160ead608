import { useState } from 'react';
import { Form } from 'react-aria-components';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddNote, useNotes, useOrderMoney, useTimeline } from '../api/ops-queries.ts';
import { AuditLog } from './audit-log.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { dollars, formatWhen, OpsButton, OpsTextField, opsStyles as s } from './widgets.tsx';

export function MoneyPanel({ orderId }: { orderId: string }) {
  const money = useOrderMoney(orderId);
  if (!money.data) return null;
  return (
    <section className={s.card} aria-labelledby="money-title">
      <h2 id="money-title">Payments and ledger</h2>
      <p>
        Refundable: <strong data-testid="refundable">{dollars(money.data.refundable)}</strong>{' '}
        <RefundDialog orderId={orderId} refundable={money.data.refundable} />
      </p>
      {money.data.payments.length ? (
        <ul className={s.list}>
          {money.data.payments.map((p) => (
            <li key={p._id}>
              Card payment ({p.purpose}) {dollars(p.amount)} via {p.gateway}: {p.status}
              {p.outcome ? `, ${p.outcome}` : ''} <span className={s.muted}>{formatWhen(p.created_at)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className={s.muted}>Ledger entries of the task</h3>
      <ul className={s.list}>
        {money.data.ledger.map((l) => (
          <li key={l._id}>
            <strong>{l.kind}</strong> {l.order_amount >= 0 ? '+' : ''}
            {dollars(l.order_amount)} on the task — {l.memo}
            <div className={s.muted}>
              {formatWhen(l.created_at)} ·{' '}
              {l.entries.map((e) => `${e.account_type} ${dollars(e.amount)}`).join(', ')}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NotesPanel({ orderId }: { orderId: string }) {
  const notes = useNotes(orderId);
  const add = useAddNote(orderId);
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  return (
    <section className={s.card} aria-labelledby="notes-title">
      <h2 id="notes-title">Internal notes</h2>
      <p className={s.muted}>Only staff see these.</p>
      <ul className={s.list}>
        {(notes.data?.results ?? []).map((n) => (
          <li key={n._id}>
            {n.body}
            <div className={s.muted}>
              {n.author} · {formatWhen(n.created_at)}
            </div>
          </li>
        ))}
      </ul>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          add.mutate(body, {
            onSuccess: () => setBody(''),
            onError: (err) => setError(err instanceof ApiError ? err.text : 'Unknown error'),
          });
        }}
      >
        <OpsTextField label="New note" name="note" value={body} onChange={setBody} multiline error={error} />
        <OpsButton type="submit" isDisabled={add.isPending || !body.trim()}>
          Add note
        </OpsButton>
      </Form>
    </section>
  );
}

export function TimelinePanel({ orderId }: { orderId: string }) {
  const timeline = useTimeline(orderId);
  return (
    <section className={s.card} aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <ol className={s.list}>
        {(timeline.data?.results ?? []).map((i) => (
          <li key={`${i.at}-${i.kind}-${i.text}`}>
            <span className={s.badge}>{i.kind}</span> {i.text}
            <div className={s.muted}>
              {i.who} · {formatWhen(i.at)}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function TaskAudit({ orderId }: { orderId: string }) {
  return (
    <section className={s.card} aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <AuditLog orderId={orderId} label="Audit log of the task" />
    </section>
  );
}
