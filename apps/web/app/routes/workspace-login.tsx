import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { geekSession } from '../features/workspace/api/workspace-client.ts';
import { logInGeek, meKey, restorePassword } from '../features/workspace/api/workspace-queries.ts';
import s from '../features/workspace/components/workspace.module.css';
import { ApiError } from '../lib/api-client.ts';

export function meta() {
  return [{ title: 'Geek log-in — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/** Only a path inside the workspace is followed after the log-in (no open redirect). */
const nextPath = (raw: string | null) =>
  raw?.startsWith('/workspace') && !raw.startsWith('/workspace/login') ? raw : '/workspace';

/** /workspace/login: a Geek's e-mail and password; the server's refusals (429 with its wait) as it words them. */
export default function WorkspaceLogin() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(
    params.get('ended') ? 'Your session has ended. Please log in again.' : '',
  );
  const [busy, setBusy] = useState(false);
  const [restoring, setRestoring] = useState(false);
  if (geekSession.token.get() && !busy) return <Navigate to={next} replace />;
  return (
    <main className={s.login}>
      <div className={s.loginCard}>
        <h1>Geek log-in</h1>
        <p className={s.muted}>The workspace where Geeks take tasks, write to students and get paid.</p>
        <form
          className={s.form}
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setError('');
            try {
              const geek = await logInGeek(email.trim(), password);
              qc.clear();
              qc.setQueryData(meKey, geek);
              navigate(next, { replace: true });
            } catch (err) {
              setError(
                err instanceof ApiError ? (Object.values(err.fieldErrors)[0] ?? err.text) : 'Unknown error',
              );
              setBusy(false);
            }
          }}
        >
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          {error ? (
            <p role="alert" className={s.error}>
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </Button>
        </form>
        <button type="button" className={s.textButton} onClick={() => setRestoring(true)}>
          Forgot password?
        </button>
        <p className={s.muted}>
          Not a Geek yet?{' '}
          <a className={s.link} href="/join-our-team">
            Join our team
          </a>
        </p>
      </div>
      {restoring ? <RestoreDialog initialEmail={email} onClose={() => setRestoring(false)} /> : null}
    </main>
  );
}

/** 'Forgot password?': a one-time link by e-mail (the answer never says whether the e-mail is a Geek's). */
function RestoreDialog({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title="Restore your password" onClose={onClose}>
      {sent ? (
        <div className={s.form}>
          <p role="status">
            If {email.trim()} belongs to a Geek, a link to set a new password is on its way. It works once.
          </p>
          <Button type="button" onClick={onClose}>
            Back to log-in
          </Button>
        </div>
      ) : (
        <form
          className={s.form}
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setError('');
            try {
              await restorePassword(email.trim());
              setSent(true);
            } catch (err) {
              setError(
                err instanceof ApiError ? (Object.values(err.fieldErrors)[0] ?? err.text) : 'Unknown error',
              );
            } finally {
              setBusy(false);
            }
          }}
        >
          <p className={s.muted}>We will e-mail you a link to set a new password.</p>
          <TextField
            label="E-mail"
            type="email"
            name="restore_email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error || undefined}
            required
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send the link'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
