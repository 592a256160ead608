import { useParams } from 'react-router';
import { MailedLinkPage, NextLink } from '../components/mailed-link-page.tsx';
import { useUndoNotificationEmailChange } from '../features/account/api/notification-email.ts';

export function meta() {
  return [{ title: 'Undo the email change — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * /undo-email/:token — the link mailed to the account e-mail when someone asks to send its mail elsewhere, and
 * when that is confirmed (decision 051). A press of the button brings the mail back and logs every device out.
 */
export default function UndoEmailRoute() {
  const { token = '' } = useParams();
  return (
    <MailedLinkPage
      token={token}
      call={useUndoNotificationEmailChange()}
      title="Undo the email change"
      intro="Press the button to keep the news about your Geekly tasks at your account email and log out every device signed in to your account."
      action="Undo the change"
      refusal={(words) => `${words}.`}
      instead={{ to: '/login', label: 'Log in' }}
      done={(data) => ({
        title: 'Change undone',
        text: (
          <>
            We will send the news about your tasks to <strong>{data.notification_email}</strong> again, and
            every device was logged out. Log in again, and if someone else knows your password, get a new one
            with “Forgot password?”.
          </>
        ),
        next: <NextLink to="/login">Log in</NextLink>,
      })}
    />
  );
}
