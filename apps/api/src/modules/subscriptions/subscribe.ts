import { currentSubscription } from '@geekly/domain/subscriptions/subscription-display.ts';
import { planByTag, type subscribeSchema } from '@geekly/domain/subscriptions/subscription-plans.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { startCardPayment } from '../payments/start-card-payment.ts';
import type { UserRow } from '../users/users.repository.ts';
import { insertSubscription, updateSubscription, userSubscriptionRows } from './subscriptions.repository.ts';

const asInput = <R extends { status: string; cancelAtPeriodEnd: boolean }>(r: R) => ({
  ...r,
  cancel_at_period_end: r.cancelAtPeriodEnd,
});

/**
 * POST /subscriptions (API.md, decision 017): a 'pending' subscription and its first card payment; the gateway's
 * webhook activates it. A client holds one subscription at a time; one whose first payment failed may be
 * bought again (the failed one is set aside). A gateway with its own billing (Stripe) starts the recurring plan
 * and renews it itself; the sandbox charges once and the clock renews it.
 */
export async function subscribe(ctx: AppContext, user: UserRow, input: z.infer<typeof subscribeSchema>) {
  if (!ctx.gateway.chargeSavedCard && !ctx.gateway.billing)
    throw new AppError('GATEWAY_UNAVAILABLE', 'Subscriptions are not available with this payment gateway', {
      errorType: 'gateway_unavailable',
    });
  const db = ctx.database.db;
  const rows = await userSubscriptionRows(db, user.id);
  const current = currentSubscription(
    rows.map((r) => ({ ...asInput(r), current_period_end: r.currentPeriodEnd })),
  );
  if (current && current.status !== 'incomplete')
    throw new AppError('CONFLICT', 'You already have a subscription', { errorType: 'subscription_exists' });
  if (current) await updateSubscription(db, current.id, { status: 'incomplete_expired', endedAt: ctx.now() });

  const plan = planByTag(input.tag);
  const subscription = await insertSubscription(db, {
    userId: user.id,
    status: 'pending',
    tag: plan.tag,
    name: plan.name,
    priceCents: plan.priceCents,
    gateway: ctx.gateway.name,
  });
  return startCardPayment(ctx, user, {
    purpose: 'subscription',
    subscriptionId: subscription.id,
    amountCents: plan.priceCents,
    balanceUseCents: 0,
    details: `${plan.name} subscription (subscription_${subscription.id})`,
    returnCase: { purpose: 'subscription' },
    plan: {
      subscriptionId: subscription.id,
      tag: plan.tag,
      name: plan.name,
      priceCents: plan.priceCents,
      interval: plan.interval,
    },
  });
}
