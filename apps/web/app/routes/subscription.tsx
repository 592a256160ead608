import { Outlet } from 'react-router';
import { useSubscriptions } from '../features/account/api/subscriptions.ts';
import s from '../features/account/components/account.module.css';
import { SubscriptionPanel } from '../features/account/components/subscription-panel.tsx';

export function meta() {
  return [{ title: 'Subscription — Geekly' }];
}

/** /subscription (docs/product/account.md): also the gateway's return address after buying a plan (decision 017). */
export default function SubscriptionRoute() {
  const subs = useSubscriptions();
  return (
    <div className={s.page}>
      <h1 className={s.title}>Subscription</h1>
      {subs.data ? (
        <SubscriptionPanel plans={subs.data.plans} current={subs.data.current} />
      ) : subs.isError ? (
        <p role="alert">Sorry, your subscription could not be loaded. Please try again.</p>
      ) : (
        <div className="page-loading" aria-busy="true" />
      )}
      <Outlet />
    </div>
  );
}
