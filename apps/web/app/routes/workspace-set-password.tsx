import { GEEK_PASSWORD_MIN, WORKSPACE_MESSAGES } from '@geekly/domain/workspace/workspace-contract.ts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import { setPasswordFromLink } from '../features/workspace/api/workspace-queries.ts';
import s from '../features/workspace/components/workspace.module.css';
import { ApiError } from '../lib/api-client.ts';

export function meta() {
  return [{ title: 'Set your password — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /workspace/set-password/:token: where an invitation (72 hours) and a password restore (1 hour) land. The link
 * works once; then the Geek logs in with the new password.
 */
export default function WorkspaceSetPassword() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <main className={s.login}>
      <div className={s.loginCard}>
        <h1>Set your password</h1>
        {done ? (
          <>
            <p role="status" className={s.notice}>
              Your password is set. Log in with your e-mail and the new password.
            </p>
            <Link className={s.link} to="/workspace/login">
              Go to the Geek log-in
            </Link>
          </>
        ) : (
          <form
            className={s.form}
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              if (password.length < GEEK_PASSWORD_MIN) return setError(WORKSPACE_MESSAGES.passwordTooShort);
              setBusy(true);
              setError('');
              try {
                await setPasswordFromLink(token, password);
                setDone(true);
              } catch (err) {
                setError(
                  err instanceof ApiError ? (Object.values(err.fieldErrors)[0] ?? err.text) : 'Unknown error',
                );
              } finally {
                setBusy(false);
              }
            }}
          >
            <TextField
              label="New password"
              type="password"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error || undefined}
              required
            />
            <p className={s.muted}>At least {GEEK_PASSWORD_MIN} characters.</p>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Set the password'}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
