import { Link, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { useConfirmErasure } from '../features/account/api/personal-data.ts';
import { ApiError } from '../lib/api-client.ts';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Delete your account — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TROUBLE =
  "Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again in a few minutes.";

/**
 * /delete-account/:token — the link mailed to an account that signs in with Google only (decision 058). Only the
 * press of the button erases (a mail scanner that opens the link erases nothing).
 */
export default function DeleteAccountRoute() {
  const { token = '' } = useParams();
  const confirm = useConfirmErasure();
  // The server's words for a spent or expired link, or for a refund request still waiting.
  const refused =
    confirm.error instanceof ApiError && (confirm.error.status === 404 || confirm.error.status === 409)
      ? confirm.error.text
      : null;

  if (confirm.isSuccess) {
    return (
      <main className={s.page}>
        <h1 className={s.title}>Your account is deleted</h1>
        <p className={s.text} role="status">
          Your personal data is erased and you are logged out everywhere.
        </p>
        <a className={s.button} href="/">
          Go to the home page
        </a>
      </main>
    );
  }
  return (
    <main className={s.page}>
      <h1 className={s.title}>Delete your account</h1>
      <p className={s.text}>
        Press the button to delete your Geekly account and erase your personal data. This cannot be undone.
      </p>
      {refused ? (
        <p className={s.popupStatus} role="alert">
          {refused}
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
          Delete my account
        </Button>
      )}
    </main>
  );
}
