import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { subscriptionView } from './subscription-view.ts';
import {
  findSubscription,
  lockSubscription,
  type SubscriptionRow,
  updateSubscription,
} from './subscriptions.repository.ts';

const notActive = () =>
  new AppError('NOT_ALLOWED', 'This subscription cannot be cancelled', {
    errorType: 'subscription_not_active',
  });

/**
 * A gateway that bills the subscription itself (Stripe) is told first, outside any lock: cancel at the period end
 * (`cancel_at_period_end`), or at once for a past-due one. If it cannot be reached nothing changes here.
 */
async function cancelAtGateway(ctx: AppContext, sub: SubscriptionRow) {
  if (sub.gateway !== 'stripe') return;
  const billing = ctx.gateway.name === sub.gateway ? ctx.gateway.billing : undefined;
  if (!billing || !sub.savedCardRef)
    throw new AppError('GATEWAY_UNAVAILABLE', 'Subscriptions are not available with this payment gateway', {
      errorType: 'gateway_unavailable',
    });
  try {
    await billing.cancel(sub.savedCardRef, { atPeriodEnd: sub.status === 'active' });
  } catch {
    throw new AppError(
      'GATEWAY_UNAVAILABLE',
      'The payment gateway is unavailable right now. Please try again later.',
      {
        errorType: 'gateway_unavailable',
      },
    );
  }
}

/** POST /subscriptions/{id}/cancel: it stays active to the period end, then the clock (or, for Stripe, its
 * `customer.subscription.deleted`) ends it (decision 017). */
export async function cancelSubscription(ctx: AppContext, user: UserRow, id: string) {
  const db = ctx.database.db;
  const seen = await findSubscription(db, id);
  if (!seen || seen.userId !== user.id) throw notFound('Subscription not found');
  if (seen.cancelAtPeriodEnd) return subscriptionView(seen);
  if (seen.status !== 'active' && seen.status !== 'past_due') throw notActive();
  await cancelAtGateway(ctx, seen);
  return db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.userId !== user.id) throw notFound('Subscription not found');
    if (sub.cancelAtPeriodEnd) return subscriptionView(sub);
    if (sub.status !== 'active' && sub.status !== 'past_due') throw notActive();
    // A past-due subscription has no paid period left to keep: it ends at once.
    const updated =
      sub.status === 'past_due'
        ? await updateSubscription(tx, id, { status: 'canceled', nextChargeAt: null, endedAt: ctx.now() })
        : await updateSubscription(tx, id, { cancelAtPeriodEnd: true });
    return subscriptionView(updated);
  });
}
