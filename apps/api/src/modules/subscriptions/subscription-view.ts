import { centsToDollars } from '@geekly/domain/money.ts';
import {
  currentSubscription,
  SUBSCRIPTION_TAGS,
  subscriptionLabel,
} from '@geekly/domain/subscriptions/subscription-display.ts';
import { SUBSCRIPTION_PLANS } from '@geekly/domain/subscriptions/subscription-plans.ts';
import { z } from 'zod';
import type { SubscriptionRow } from './subscriptions.repository.ts';

export const subscriptionSchema = z.object({
  _id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.string().nullable(),
  tag: z.enum(SUBSCRIPTION_TAGS),
  name: z.string(),
  next_scheduled_subscription: z.null(),
  price: z.number().describe('US dollars a month'),
  label: z.enum(['Active', 'Pending cancelation', 'Payment failed']).nullable(),
});

export const subscriptionsAnswerSchema = z.object({
  plans: z.array(
    z.object({
      tag: z.enum(SUBSCRIPTION_TAGS),
      name: z.string(),
      price: z.number().describe('US dollars'),
      interval: z.literal('month'),
      benefits: z.array(z.string()),
    }),
  ),
  current: subscriptionSchema.nullable(),
});

const toInput = (r: SubscriptionRow) => ({
  status: r.status,
  tag: r.tag,
  cancel_at_period_end: r.cancelAtPeriodEnd,
  current_period_end: r.currentPeriodEnd,
});

export function subscriptionView(r: SubscriptionRow): z.infer<typeof subscriptionSchema> {
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
export function subscriptionsAnswer(rows: SubscriptionRow[]): z.infer<typeof subscriptionsAnswerSchema> {
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
