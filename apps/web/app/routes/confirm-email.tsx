import { Link, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { useConfirmNotificationEmail } from '../features/account/api/notification-email.ts';
import { ApiError } from '../lib/api-client.ts';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Confirm your email — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TROUBLE =
  "Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again in a few minutes.";

/**
 * /confirm-email/:token — the link mailed to a new notification e-mail (decision 028). A press of the button
 * confirms it on the server (a mail scanner that only opens the link confirms nothing); until then, mail with
 * log-in links keeps going to the confirmed address.
 */
export default function ConfirmEmailRoute() {
  const { token = '' } = useParams();
  const confirm = useConfirmNotificationEmail();
  // The server's words for a spent or expired link ('This link has expired or was already used').
  const refused =
    confirm.error instanceof ApiError && confirm.error.status === 404 ? confirm.error.text : null;

  if (confirm.isSuccess) {
    return (
      <main className={s.page}>
        <h1 className={s.title}>Email confirmed</h1>
        <p className={s.text} role="status">
          We will send the news about your tasks to <strong>{confirm.data.notification_email}</strong>.
        </p>
        <Link className={s.button} to="/orders">
          Go to your tasks
        </Link>
      </main>
    );
  }
  return (
    <main className={s.page}>
      <h1 className={s.title}>Confirm your email</h1>
      <p className={s.text}>
        Press the button to get the news about your Geekly tasks at the address this link was sent to.
      </p>
      {refused ? (
        <p className={s.popupStatus} role="alert">
          {refused}. To get a new link, save the email again in your profile.
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
          Confirm email
        </Button>
      )}
    </main>
  );
}
