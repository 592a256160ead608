import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useFinishAuth } from '../features/auth/api/finish-auth.ts';
import { useLinkLogIn } from '../features/auth/components/link-log-in.ts';
import { LinkLogInStatus } from '../features/auth/components/link-log-in-status.tsx';
import { AuthPopupPage } from './login.tsx';

export function meta() {
  return [{ title: 'Log in — Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const LINK_REFUSED =
  'This log-in link has expired or has already been used. Please log in with your email and password.';

/** /login/:token — seed 001 §2: a one-time link from an e-mail logs in, then opens the page it leads to. */
export default function LoginTokenRoute() {
  const { token = '' } = useParams();
  const result = useLinkLogIn('token', token);
  const finishAuth = useFinishAuth();

  useEffect(() => {
    if (result.status === 'ok') void finishAuth(result.session.redirect_path);
    // Already logged in on this browser: a spent link just goes on to the task list.
    else if (result.status === 'refused' && result.loggedIn) void finishAuth();
  }, [result, finishAuth]);

  if (result.status === 'refused' && !result.loggedIn)
    return <AuthPopupPage initialMode="login" notice={result.blocked ? undefined : LINK_REFUSED} />;
  return <LinkLogInStatus unavailable={result.status === 'unavailable'} />;
}
