import { useReferral } from '../features/account/api/referral.ts';
import s from '../features/account/components/account.module.css';
import { ReferralCard } from '../features/account/components/referral-card.tsx';

export function meta() {
  return [{ title: 'Invite friends — Geekly' }];
}

/** /referral (docs/product/account.md): the client's referral code, link and figures. */
export default function ReferralRoute() {
  const referral = useReferral();
  return (
    <div className={s.page}>
      <h1 className={s.title}>Invite friends</h1>
      {referral.data ? (
        <ReferralCard referral={referral.data} />
      ) : referral.isError ? (
        <p role="alert">Sorry, your referral figures could not be loaded. Please try again.</p>
      ) : (
        <div className="page-loading" aria-busy="true" />
      )}
    </div>
  );
}
