import { centsToDollars } from '@geekly/domain/money.ts';
import { currentSubscription, subscriptionLabel } from '@geekly/domain/subscriptions/subscription-display.ts';
import { SUBSCRIPTION_PLANS } from '@geekly/domain/subscriptions/subscription-plans.ts';
import type {
  Subscription,
  SubscriptionsAnswer,
} from '@geekly/domain/subscriptions/subscriptions-contract.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';

const toInput = (r: SubscriptionRow) => ({
  status: r.status,
  tag: r.tag,
  cancel_at_period_end: r.cancelAtPeriodEnd,
  current_period_end: r.currentPeriodEnd,
});

export function subscriptionView(r: SubscriptionRow): Subscription {
  return {
    _id: r.id,
    status: r.status,
    cancel_at_period_end: r.cancelAtPeriodEnd,
    current_period_end: r.currentPeriodEnd?.toISOString() ?? null,
    tag: r.tag,
    name: r.name,
    next_scheduled_subscription: null,
    price: centsToDollars(r.priceCents),
    label: subscriptionLabel(toInput(r)),
  };
}

/** GET /subscriptions: the plans and the one subscription docs/product/account.md shows. */
export function subscriptionsAnswer(rows: SubscriptionRow[]): SubscriptionsAnswer {
  const current = currentSubscription(rows.map((r) => ({ ...toInput(r), row: r })))?.row;
  return {
    plans: SUBSCRIPTION_PLANS.map((p) => ({
      tag: p.tag,
      name: p.name,
      price: centsToDollars(p.priceCents),
      interval: p.interval,
      benefits: [...p.benefits],
    })),
    current: current ? subscriptionView(current) : null,
  };
}
