import type { Plan, Subscription } from '@geekly/domain/subscriptions/subscriptions-contract.ts';
import dayjs from 'dayjs';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUsd } from '../../../lib/format-money.ts';
import { useCancelSubscription, useSubscribe } from '../api/subscriptions.ts';
import s from './account.module.css';

const day = (iso: string | null) => (iso ? dayjs(iso).format('MMMM D, YYYY') : '');

/** docs/product/account.md "Subscription display": 'Active', 'Pending cancelation' or 'Payment failed', and what comes next. */
function CurrentSubscription({ sub }: { sub: Subscription }) {
  const cancel = useCancelSubscription();
  const failed = sub.label === 'Payment failed';
  return (
    <section className={s.card} aria-label="Your subscription">
      <h2 className={s.cardTitle}>
        {sub.name}{' '}
        <span className={failed ? s.statusFailed : s.status} data-testid="subscription-status">
          {sub.label}
        </span>
      </h2>
      <p className={s.note}>{formatUsd(sub.price)} a month</p>
      {sub.status === 'active' && !sub.cancel_at_period_end ? (
        <p className={s.note}>Renews on {day(sub.current_period_end)}; your card on file is charged then.</p>
      ) : null}
      {sub.cancel_at_period_end ? (
        <p className={s.note}>Ends on {day(sub.current_period_end)}. It is not renewed.</p>
      ) : null}
      {sub.status === 'past_due' ? (
        <p className={s.note}>
          The renewal was declined by your card. We try again once a day, three times in all; the subscription
          ends after the last failed try.
        </p>
      ) : null}
      {sub.status === 'incomplete' ? (
        <p className={s.note}>The first payment did not go through. Choose a plan below to try again.</p>
      ) : null}
      {(sub.status === 'active' || sub.status === 'past_due') && !sub.cancel_at_period_end ? (
        <div>
          <Button
            type="button"
            variant="secondary"
            busy={cancel.isPending}
            onClick={() => cancel.mutate(sub._id)}
          >
            Cancel subscription
          </Button>
          {cancel.error ? (
            <p className={s.error} role="alert">
              {cancel.error instanceof ApiError ? cancel.error.text : 'Unknown error'}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function PlanCard({ plan, canBuy }: { plan: Plan; canBuy: boolean }) {
  const subscribe = useSubscribe();
  const sending = subscribe.isPending || subscribe.isSuccess;
  return (
    <section className={s.card} aria-label={plan.name}>
      <h2 className={s.cardTitle}>{plan.name}</h2>
      <p className={s.price}>
        {formatUsd(plan.price)}
        <span className={s.note}> / month</span>
      </p>
      <ul className={s.rules}>
        {plan.benefits.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      {canBuy ? (
        <Button
          type="button"
          busy={sending}
          disabled={sending}
          onClick={() => subscribe.mutate(plan.tag)}
          aria-label={`Subscribe to ${plan.name}`}
        >
          Subscribe
        </Button>
      ) : null}
      {subscribe.error ? (
        <p className={s.error} role="alert">
          {subscribe.error instanceof ApiError ? subscribe.error.text : 'Unknown error'}
        </p>
      ) : null}
    </section>
  );
}

/** /subscription: the current subscription and the plans, bought by card through the gateway. */
export function SubscriptionPanel({ plans, current }: { plans: Plan[]; current: Subscription | null }) {
  const canBuy = current === null || current.status === 'incomplete';
  return (
    <>
      {current ? <CurrentSubscription sub={current} /> : null}
      <div className={s.plans}>
        {plans.map((p) => (
          <PlanCard key={p.tag} plan={p} canBuy={canBuy} />
        ))}
      </div>
      <p className={s.note}>
        Plans are paid monthly by card and renew automatically until you cancel. A cancelled plan stays active
        until the end of the month you paid for.
      </p>
    </>
  );
}
