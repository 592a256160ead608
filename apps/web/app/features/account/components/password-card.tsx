import { newPasswordField, PASSWORD_MESSAGES } from '@geekly/domain/users/user-schemas.ts';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { StudentProfile } from '../../../lib/current-user.ts';
import { useChangePassword } from '../api/change-password.ts';
import s from './account.module.css';

type Errors = { current_password?: string; new_password?: string; form?: string };

/**
 * Issue 34 item 1: 'Change password' on the profile. The current password and a new one (the sign-up rule,
 * `newPasswordField`); every other device is logged out, this one stays. An account made by Sign in with Google
 * has no current password: it chooses one and confirms it by the link mailed to its e-mail.
 */
export function PasswordCard({ user }: { user: StudentProfile }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const change = useChangePassword();
  const setting = !user.has_password;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (!setting && current.length === 0) found.current_password = PASSWORD_MESSAGES.currentRequired;
    const checked = newPasswordField.safeParse(next);
    if (!checked.success) found.new_password = checked.error.issues[0]?.message;
    setErrors(found);
    setDone(null);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await change.mutateAsync(
        setting ? { new_password: next } : { current_password: current, new_password: next },
      );
      setCurrent('');
      setNext('');
      setDone('jwt' in answer ? PASSWORD_MESSAGES.changed : answer.detail);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
      else setErrors({ form: err instanceof ApiError ? err.text : 'Unknown error' });
    }
  }

  return (
    <section className={s.card} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className={s.cardTitle}>
        {setting ? 'Set a password' : 'Change password'}
      </h2>
      {setting ? (
        <p className={s.note}>
          You log in with Google. Choose a password to log in with your email too: we will send a link to{' '}
          {user.email} to confirm it.
        </p>
      ) : null}
      <form className={s.passwordForm} noValidate onSubmit={(e) => void submit(e)}>
        {setting ? null : (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            error={errors.current_password}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          error={errors.new_password}
          onChange={(e) => setNext(e.target.value)}
        />
        {errors.form ? (
          <p className={s.error} role="alert">
            {errors.form}
          </p>
        ) : null}
        {done ? (
          <p className={s.note} role="status">
            {done}
          </p>
        ) : null}
        <Button type="submit" busy={change.isPending} disabled={change.isPending}>
          {setting ? 'Set password' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
