import { Link, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { useUndoNotificationEmailChange } from '../features/account/api/notification-email.ts';
import { ApiError } from '../lib/api-client.ts';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Undo the email change — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TROUBLE =
  "Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again in a few minutes.";

/**
 * /undo-email/:token — the link mailed to the account e-mail when someone asks to send its mail elsewhere, and
 * when that is confirmed (decision 051). A press of the button (a mail scanner that only opens the link undoes
 * nothing) brings the mail back and logs every device out.
 */
export default function UndoEmailRoute() {
  const { token = '' } = useParams();
  const undo = useUndoNotificationEmailChange();
  const refused = undo.error instanceof ApiError && undo.error.status === 404 ? undo.error.text : null;

  if (undo.isSuccess) {
    return (
      <main className={s.page}>
        <h1 className={s.title}>Change undone</h1>
        <p className={s.text} role="status">
          We will send the news about your tasks to <strong>{undo.data.notification_email}</strong> again, and
          every device was logged out. Log in again, and if someone else knows your password, get a new one
          with “Forgot password?”.
        </p>
        <Link className={s.button} to="/login">
          Log in
        </Link>
      </main>
    );
  }
  return (
    <main className={s.page}>
      <h1 className={s.title}>Undo the email change</h1>
      <p className={s.text}>
        Press the button to keep the news about your Geekly tasks at your account email and log out every
        device signed in to your account.
      </p>
      {refused ? (
        <p className={s.popupStatus} role="alert">
          {refused}.
        </p>
      ) : undo.isError ? (
        <p className={s.popupStatus} role="alert">
          {TROUBLE}
        </p>
      ) : null}
      {refused ? (
        <Link className={s.button} to="/login">
          Log in
        </Link>
      ) : (
        <Button type="button" busy={undo.isPending} onClick={() => undo.mutate(token)}>
          Undo the change
        </Button>
      )}
    </main>
  );
}
