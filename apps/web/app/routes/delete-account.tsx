import { useParams } from 'react-router';
import { MailedLinkPage } from '../components/mailed-link-page.tsx';
import { useConfirmErasure } from '../features/account/api/personal-data.ts';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Delete your account — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * /delete-account/:token — the link mailed to an account that signs in with Google only (decision 058). Only the
 * press of the button erases.
 */
export default function DeleteAccountRoute() {
  const { token = '' } = useParams();
  return (
    <MailedLinkPage
      token={token}
      call={useConfirmErasure()}
      title="Delete your account"
      intro="Press the button to delete your Geekly account and erase your personal data. This cannot be undone."
      action="Delete my account"
      // A spent or expired link, or a refund request still waiting (409): the server's words as they are.
      refusedStatuses={[404, 409]}
      instead={{ to: '/profile', label: 'Go to your profile' }}
      done={() => ({
        title: 'Your account is deleted',
        text: 'Your personal data is erased and you are logged out everywhere.',
        // A full page load: nothing of the signed-in app stays in memory.
        next: (
          <a className={s.button} href="/">
            Go to the home page
          </a>
        ),
      })}
    />
  );
}
