import { Link, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { useConfirmPasswordSet } from '../features/account/api/change-password.ts';
import { ApiError } from '../lib/api-client.ts';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Set your password — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TROUBLE =
  "Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again in a few minutes.";

/**
 * /set-password/:token — the link mailed to an account made by Sign in with Google that chose a password (issue
 * 34). A press of the button takes the password into use (a mail scanner that only opens the link changes
 * nothing); every session ends, and this browser stays signed in when it was signed in to that account.
 */
export default function SetPasswordRoute() {
  const { token = '' } = useParams();
  const confirm = useConfirmPasswordSet();
  const refused =
    confirm.error instanceof ApiError && confirm.error.status === 404 ? confirm.error.text : null;

  if (confirm.isSuccess) {
    const signedIn = confirm.data.jwt !== null;
    return (
      <main className={s.page}>
        <h1 className={s.title}>Password set</h1>
        <p className={s.text} role="status">
          {signedIn
            ? 'You can now log in with your email and this password. Every other device was logged out.'
            : 'You can now log in with your email and this password.'}
        </p>
        <Link className={s.button} to={signedIn ? '/orders' : '/login'}>
          {signedIn ? 'Go to your tasks' : 'Log in'}
        </Link>
      </main>
    );
  }
  return (
    <main className={s.page}>
      <h1 className={s.title}>Set your password</h1>
      <p className={s.text}>
        Press the button to start using the password you chose for your Geekly account.
      </p>
      {refused ? (
        <p className={s.popupStatus} role="alert">
          {refused}. To get a new link, choose the password again in your profile.
        </p>
      ) : confirm.isError ? (
        <p className={s.popupStatus} role="alert">
          {TROUBLE}
        </p>
      ) : null}
      {refused ? (
        <Link className={s.button} to="/profile">
          Go to your profile
        </Link>
      ) : (
        <Button type="button" busy={confirm.isPending} onClick={() => confirm.mutate(token)}>
          Set password
        </Button>
      )}
    </main>
  );
}
