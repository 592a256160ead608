import { planByTag, type subscribeSchema } from '@geekly/domain/subscriptions/subscription-plans.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { startCardPayment } from '../payments/start-card-payment.ts';
import {
  insertSubscription,
  lockLiveSubscriptions,
  lockSubscribing,
  updateSubscription,
} from './subscriptions.repository.ts';

/**
 * POST /subscriptions (docs/product/http-api.md, decision 017): a 'pending' subscription and its first card payment; the gateway's
 * webhook activates it. A client holds one subscription at a time; one whose first payment failed, or whose
 * checkout was not paid, may be bought again (the earlier one is set aside). A gateway with its own billing (Stripe) starts the recurring plan
 * and renews it itself; the sandbox charges once and the clock renews it.
 */
export async function subscribe(ctx: AppContext, user: UserRow, input: z.infer<typeof subscribeSchema>) {
  if (!ctx.gateway.chargeSavedCard && !ctx.gateway.billing)
    throw new AppError('GATEWAY_UNAVAILABLE', 'Subscriptions are not available with this payment gateway', {
      errorType: 'gateway_unavailable',
    });
  const plan = planByTag(input.tag);
  // One at a time (decision 029), decided under the client's subscribe lock with their live subscriptions
  // locked: two requests at once are decided one after the other, and a payment settling meanwhile is seen.
  const subscription = await ctx.database.db.transaction(async (tx) => {
    await lockSubscribing(tx, user.id);
    const live = await lockLiveSubscriptions(tx, user.id);
    if (live.some((s) => s.status === 'active' || s.status === 'past_due'))
      throw new AppError('CONFLICT', 'You already have a subscription', { errorType: 'subscription_exists' });
    // A failed first payment ('incomplete') or an unpaid checkout ('pending') is set aside: paying that
    // checkout later leaves its money on the balance (applySubscriptionPayment refuses an ended subscription).
    for (const s of live)
      await updateSubscription(tx, s.id, { status: 'incomplete_expired', endedAt: ctx.now() });
    return insertSubscription(tx, {
      userId: user.id,
      status: 'pending',
      tag: plan.tag,
      name: plan.name,
      priceCents: plan.priceCents,
      gateway: ctx.gateway.name,
    });
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
