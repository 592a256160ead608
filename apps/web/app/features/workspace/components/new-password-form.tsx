import { GEEK_PASSWORD_MIN, WORKSPACE_MESSAGES } from '@geekly/domain/workspace/workspace-contract.ts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { changePassword } from '../api/workspace-queries.ts';
import s from './workspace.module.css';

/**
 * The first log-in with an application password under 8 characters (or any time the server asks for it): the
 * Geek chooses a new one before anything else (POST /workspace/me/password answers a new token).
 */
export function NewPasswordForm({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <main className={s.login}>
      <div className={s.loginCard}>
        <h1>Set a new password</h1>
        <p className={s.notice}>{WORKSPACE_MESSAGES.mustChangePassword}.</p>
        <form
          className={s.form}
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            if (next.length < GEEK_PASSWORD_MIN)
              return setErrors({ new_password: WORKSPACE_MESSAGES.passwordTooShort });
            setBusy(true);
            setErrors({});
            try {
              await changePassword(current, next);
              onChanged();
            } catch (err) {
              setErrors(
                err instanceof ApiError
                  ? Object.keys(err.fieldErrors).length
                    ? err.fieldErrors
                    : { form: err.text }
                  : { form: 'Unknown error' },
              );
            } finally {
              setBusy(false);
            }
          }}
        >
          <TextField
            label="Current password"
            type="password"
            name="current_password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={errors.current_password}
            required
          />
          <TextField
            label="New password"
            type="password"
            name="new_password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={errors.new_password}
            required
          />
          <p className={s.muted}>At least {GEEK_PASSWORD_MIN} characters.</p>
          {errors.form ? (
            <p role="alert" className={s.error}>
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save the new password'}
          </Button>
        </form>
      </div>
    </main>
  );
}
