import { useParams } from 'react-router';
import { MailedLinkPage, NextLink } from '../components/mailed-link-page.tsx';
import { useConfirmNotificationEmail } from '../features/account/api/notification-email.ts';

export function meta() {
  return [{ title: 'Confirm your email — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * /confirm-email/:token — the link mailed to a new notification e-mail (decision 028). A press of the button
 * confirms it on the server; until then, mail with log-in links keeps going to the confirmed address.
 */
export default function ConfirmEmailRoute() {
  const { token = '' } = useParams();
  return (
    <MailedLinkPage
      token={token}
      call={useConfirmNotificationEmail()}
      title="Confirm your email"
      intro="Press the button to get the news about your Geekly tasks at the address this link was sent to."
      action="Confirm email"
      // The server's words for a spent or expired link ('This link has expired or was already used').
      refusal={(words) => `${words}. To get a new link, save the email again in your profile.`}
      instead={{ to: '/profile', label: 'Go to your profile' }}
      done={(data) => ({
        title: 'Email confirmed',
        text: (
          <>
            We will send the news about your tasks to <strong>{data.notification_email}</strong>.
          </>
        ),
        next: <NextLink to="/orders">Go to your tasks</NextLink>,
      })}
    />
  );
}
