import { useParams } from 'react-router';
import { MailedLinkPage, NextLink } from '../components/mailed-link-page.tsx';
import { useConfirmPasswordSet } from '../features/account/api/change-password.ts';

export function meta() {
  return [{ title: 'Set your password — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * /set-password/:token — the link mailed to an account made by Sign in with Google that chose a password
 * (decision 053). A press of the button takes the password into use; every session ends, and this browser stays
 * signed in when it was signed in to that account.
 */
export default function SetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <MailedLinkPage
      token={token}
      call={useConfirmPasswordSet()}
      title="Set your password"
      intro="Press the button to start using the password you chose for your Geekly account."
      action="Set password"
      refusal={(words) => `${words}. To get a new link, choose the password again in your profile.`}
      instead={{ to: '/profile', label: 'Go to your profile' }}
      done={(data) => {
        const signedIn = data.jwt !== null;
        return {
          title: 'Password set',
          text: signedIn
            ? 'You can now log in with your email and this password. Every other device was logged out.'
            : 'You can now log in with your email and this password.',
          next: (
            <NextLink to={signedIn ? '/orders' : '/login'}>
              {signedIn ? 'Go to your tasks' : 'Log in'}
            </NextLink>
          ),
        };
      }}
    />
  );
}
