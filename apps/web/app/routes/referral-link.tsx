import { referralLinkTarget } from '@geekly/domain/users/referral-link.ts';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useLinkLogIn } from '../features/auth/components/link-log-in.ts';
import { LinkLogInStatus } from '../features/auth/components/link-log-in-status.tsx';
import { rememberReferredBy } from '../lib/sign-up-extras.ts';

export function meta() {
  return [{ title: 'Geekly' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * /r/{key}/… (docs/product/account.md): a user's secret key from an e-mailed link logs in and opens the page the rest of
 * the path names. A public referral code never logs anyone in: a visitor gets the sign-up popup, and the
 * code goes with the sign-up as referred_by (the API keeps it only if it is someone's referral code).
 */
export default function ReferralLinkRoute() {
  const { key = '', '*': rest = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const result = useLinkLogIn('key', key);
  const target = referralLinkTarget(rest, location.hash);

  useEffect(() => {
    if (result.status === 'ok' || (result.status === 'refused' && result.loggedIn)) {
      navigate(target, { replace: true });
    } else if (result.status === 'refused') {
      rememberReferredBy(key);
      navigate('/signup', { replace: true });
    }
  }, [result, target, key, navigate]);

  return <LinkLogInStatus unavailable={result.status === 'unavailable'} />;
}
