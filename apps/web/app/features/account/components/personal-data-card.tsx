import { formatDollars } from '@geekly/domain/money.ts';
import { moneyInFlightLines, PERSONAL_DATA_MESSAGES } from '@geekly/domain/users/personal-data.ts';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { EXPORT_HREF, useEraseAccount, useErasurePreview } from '../api/personal-data.ts';
import s from './account.module.css';

const dollars = (d: number) => formatDollars(Math.round(d * 100));

/** Decision 058: the profile's "Your data" card: Download my data, and Delete my account behind a dialog. */
export function PersonalDataCard() {
  const headingId = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className={s.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.cardTitle}>
        Your data
      </h2>
      <p className={s.note}>
        Download a copy of what your account holds: your profile, tasks, messages, payments, balance history
        and files.
      </p>
      <a className={s.secondaryLink} href={EXPORT_HREF} download>
        Download my data
      </a>
      <p className={s.note}>
        Deleting your account erases your personal data for good. Payment records the law asks us to keep
        stay, without your name.
      </p>
      <Button type="button" variant="secondary" className={s.dangerButton} onClick={() => setDeleting(true)}>
        Delete my account
      </Button>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const preview = useErasurePreview();
  const erase = useEraseAccount();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const p = preview.data;
  const blocked = p ? p.refund_requests_waiting.length > 0 : false;
  const serverError = erase.error instanceof ApiError ? erase.error.text : null;
  const mailed = erase.data?.detail ?? null;

  const submit = () => {
    if (p?.password_required && !password) {
      setMissing(true);
      return;
    }
    erase.mutate(p?.password_required ? { password } : {}, {
      onSuccess: (answer) => {
        // Erased: the session is gone too; a full page load leaves nothing of it behind.
        if (!answer) window.location.replace('/');
      },
    });
  };

  return (
    <Dialog title="Delete your account?" onClose={onClose}>
      {mailed ? (
        <p className={s.dialogText} role="status">
          {mailed}
        </p>
      ) : !p ? (
        <div className="page-loading" aria-busy="true" />
      ) : (
        <form
          className={s.dialogForm}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p className={s.dialogText}>
            Your e-mail, phone, messages and files are erased, and you are logged out everywhere. This cannot
            be undone.
          </p>
          {blocked ? (
            <p className={s.error} role="alert">
              {PERSONAL_DATA_MESSAGES.refundRequestWaiting(
                p.refund_requests_waiting.map((t) => `task #${t.number}`).join(', '),
              )}
            </p>
          ) : null}
          {moneyInFlightLines(p, dollars).length > 0 ? (
            <ul className={s.rules}>
              {moneyInFlightLines(p, dollars).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {p.password_required && !blocked ? (
            <div className={s.field}>
              <label htmlFor={passwordId} className={s.label}>
                Your password
              </label>
              <input
                id={passwordId}
                type="password"
                autoComplete="current-password"
                className={missing || serverError ? s.inputError : s.input}
                value={password}
                aria-invalid={missing || serverError ? true : undefined}
                aria-describedby={missing || serverError ? `${passwordId}-error` : undefined}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setMissing(false);
                  erase.reset();
                }}
              />
              {missing || serverError ? (
                <p id={`${passwordId}-error`} className={s.error} role="alert">
                  {missing ? PERSONAL_DATA_MESSAGES.passwordRequired : serverError}
                </p>
              ) : null}
            </div>
          ) : serverError ? (
            <p className={s.error} role="alert">
              {serverError}
            </p>
          ) : null}
          <div className={s.dialogActions}>
            <Button type="button" variant="secondary" onClick={onClose}>
              Keep my account
            </Button>
            {blocked ? null : (
              <Button type="submit" className={s.dangerSolid} busy={erase.isPending}>
                Delete my account
              </Button>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
