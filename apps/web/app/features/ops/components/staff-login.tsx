import { useState } from 'react';
import { Form } from 'react-aria-components';
import { ApiError } from '../../../lib/api-client.ts';
import { logInStaff } from '../api/ops-queries.ts';
import { OpsButton, OpsTextField, opsStyles as s } from './widgets.tsx';

/** The back office's own log-in: staff accounts only; a client's e-mail gets the same refusal as a wrong one. */
export function StaffLogin({ onSignedIn, notice }: { onSignedIn: () => void; notice?: string | undefined }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(notice ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <main className={s.login}>
      <div className={s.card}>
        <h1>Geekly back office</h1>
        <p className={s.muted}>Staff log-in</p>
        <Form
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setError('');
            try {
              await logInStaff(email, password);
              onSignedIn();
            } catch (err) {
              setError(err instanceof ApiError ? err.text : 'Unknown error');
            } finally {
              setBusy(false);
            }
          }}
        >
          <OpsTextField
            label="E-mail"
            name="email"
            type="email"
            value={email}
            onChange={setEmail}
            autoFocus
          />
          <OpsTextField
            label="Password"
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
          />
          {error ? (
            <p className={s.error} role="alert">
              {error}
            </p>
          ) : null}
          <OpsButton type="submit" isDisabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </OpsButton>
        </Form>
      </div>
    </main>
  );
}
