import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useFinishAuth } from '../features/auth/api/finish-auth.ts';
import { useLinkLogIn } from '../features/auth/components/link-log-in.ts';
import { LinkLogInStatus } from '../features/auth/components/link-log-in-status.tsx';
import { loginLinkDestination, rememberReturnTo } from '../lib/return-to.ts';
import { AuthPopupPage } from './login.tsx';

export function meta() {
  return [{ title: 'Log in — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const LINK_REFUSED =
  'This log-in link has expired or has already been used. Please log in with your email and password.';

/** /login/:token — docs/product/account.md: a one-time link from an e-mail logs in, then opens the page it leads to. */
export default function LoginTokenRoute() {
  const { token = '' } = useParams();
  const { search } = useLocation();
  // The page the link leads to, repeated in the link (decision 024): a spent token still gets there.
  const destination = loginLinkDestination(search) ?? undefined;
  const result = useLinkLogIn('token', token);
  const finishAuth = useFinishAuth();

  useEffect(() => {
    if (result.status === 'ok') void finishAuth(result.session.redirect_path);
    // Already logged in on this browser: a spent link goes on to its page (or the task list).
    else if (result.status === 'refused' && result.loggedIn) void finishAuth(destination);
    // Not logged in: the log-in popup's success opens the link's page.
    else if (result.status === 'refused' && destination) rememberReturnTo(destination);
  }, [result, finishAuth, destination]);

  if (result.status === 'refused' && !result.loggedIn)
    return <AuthPopupPage initialMode="login" notice={result.blocked ? undefined : LINK_REFUSED} />;
  return <LinkLogInStatus unavailable={result.status === 'unavailable'} />;
}
