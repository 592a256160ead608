import { GEEK_PASSWORD_MIN, WORKSPACE_MESSAGES } from '@geekly/domain/workspace/workspace-contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import { meKey, setPasswordFromLink } from '../features/workspace/api/workspace-queries.ts';
import s from '../features/workspace/components/workspace.module.css';
import { announce } from '../lib/announce.ts';
import { ApiError } from '../lib/api-client.ts';

export function meta() {
  return [{ title: 'Set your password — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /workspace/set-password/:token: where an invitation (72 hours) and a password restore (1 hour) land. The link
 * works once, and setting the password signs the Geek in.
 */
export default function WorkspaceSetPassword() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <main className={s.login}>
      <div className={s.loginCard}>
        <h1>Set your password</h1>
        <form
          className={s.form}
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            if (password.length < GEEK_PASSWORD_MIN) return setError(WORKSPACE_MESSAGES.passwordTooShort);
            setBusy(true);
            setError('');
            try {
              const geek = await setPasswordFromLink(token, password);
              qc.clear();
              qc.setQueryData(meKey, geek);
              announce('Your password is set');
              navigate('/workspace', { replace: true });
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
        <p className={s.muted}>
          A link works once.{' '}
          <Link className={s.link} to="/workspace/login">
            Back to the Geek log-in
          </Link>{' '}
          to ask for a new one (Forgot password?).
        </p>
      </div>
    </main>
  );
}
