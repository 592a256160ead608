import { logInSchema, restoreSchema, signUpSchema } from '@geekly/domain/users/user-schemas.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { logIn, restorePassword, signUp, useSessionMutation } from '../api/auth-calls.ts';
import { authErrorMessage } from '../api/auth-messages.ts';
import { useSignInProviders } from '../api/sign-in-providers.ts';
import s from './auth-dialog.module.css';
import { GoogleButton } from './google-button.tsx';

export type AuthMode = 'login' | 'signup' | 'restore';

type Props = {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  /** May return a promise (creating a pending task): the button stays busy until it settles. */
  onSuccess: () => void | Promise<void>;
  /** Why the popup opened, shown above the form (e.g. a log-in link that no longer works). */
  notice?: string | undefined;
};

const TITLES: Record<AuthMode, string> = { login: 'Log in', signup: 'Sign up', restore: 'Restore password' };

/** docs/product/account.md "Auth popup": one dialog switching between log in, sign up and restore. */
export function AuthDialog({ mode, onModeChange, onClose, onSuccess, notice }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const providers = useSignInProviders();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={ref} className={s.dialog} aria-labelledby="auth-title" onCancel={onClose}>
      <div className={s.body}>
        <div className={s.head}>
          <h2 id="auth-title" className={s.title}>
            {TITLES[mode]}
          </h2>
          <button type="button" className={s.close} aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {notice ? (
          <p role="alert" className={s.notice}>
            {notice}
          </p>
        ) : null}
        {mode !== 'restore' ? (
          <div className={s.tabs}>
            <button
              type="button"
              className={mode === 'login' ? s.tabActive : s.tab}
              onClick={() => onModeChange('login')}
            >
              Log in
            </button>
            <button
              type="button"
              className={mode === 'signup' ? s.tabActive : s.tab}
              onClick={() => onModeChange('signup')}
            >
              Sign up
            </button>
          </div>
        ) : null}
        {mode !== 'restore' && providers.data?.google ? (
          <>
            <GoogleButton mode={mode} />
            <p className={s.or}>or</p>
          </>
        ) : null}
        {mode === 'restore' ? (
          <RestoreForm onBack={() => onModeChange('login')} />
        ) : (
          <CredentialsForm
            key={mode}
            mode={mode}
            onSuccess={onSuccess}
            onForgot={() => onModeChange('restore')}
          />
        )}
      </div>
    </dialog>
  );
}

function CredentialsForm({
  mode,
  onSuccess,
  onForgot,
}: {
  mode: 'login' | 'signup';
  onSuccess: () => void | Promise<void>;
  onForgot: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useSessionMutation(mode === 'login' ? logIn : signUp);
  const [finishing, setFinishing] = useState(false);
  const busy = mutation.isPending || finishing;

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const parsed =
      mode === 'login'
        ? logInSchema.safeParse({ type: 'check_code', factor: 'login', value: email, code: password })
        : signUpSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'value' ? 'email' : issue.path[0] === 'code' ? 'password' : String(issue.path[0]);
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    const normalised = 'email' in parsed.data ? parsed.data.email : parsed.data.value;
    mutation.mutate(
      { email: normalised, password },
      {
        onSuccess: async () => {
          setFinishing(true);
          try {
            await onSuccess();
          } finally {
            setFinishing(false);
          }
        },
        onError: (error) => setFormError(authErrorMessage(error)),
      },
    );
  }

  const filled = email.trim() !== '' && password !== '';
  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
      />
      {formError ? (
        <p role="alert" className="form-error">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={!filled || busy} busy={busy}>
        {mode === 'login' ? 'Log in' : 'Sign up free'}
      </Button>
      {mode === 'login' ? (
        <button type="button" className={s.link} onClick={onForgot}>
          Forgot password?
        </button>
      ) : null}
    </form>
  );
}

function RestoreForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = restoreSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await restorePassword(parsed.data.email);
      setDone(true);
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div className={s.success} role="status">
        <strong>Restored</strong>
        <p>New Password was sent. Please check your email</p>
        <Button type="button" onClick={onBack}>
          Log in
        </Button>
      </div>
    );
  }
  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" disabled={email.trim() === '' || pending} busy={pending}>
        Restore password
      </Button>
      <button type="button" className={s.link} onClick={onBack}>
        Back to Log in
      </button>
    </form>
  );
}
