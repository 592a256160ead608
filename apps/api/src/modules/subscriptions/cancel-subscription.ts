import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { subscriptionView } from './subscription-view.ts';
import { lockSubscription, updateSubscription } from './subscriptions.repository.ts';

/** POST /subscriptions/{id}/cancel: it stays active to the period end, then the clock ends it (decision 017). */
export async function cancelSubscription(ctx: AppContext, user: UserRow, id: string) {
  return ctx.database.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.userId !== user.id) throw notFound('Subscription not found');
    if (sub.cancelAtPeriodEnd) return subscriptionView(sub);
    if (sub.status !== 'active' && sub.status !== 'past_due')
      throw new AppError('NOT_ALLOWED', 'This subscription cannot be cancelled', {
        errorType: 'subscription_not_active',
      });
    // A past-due subscription has no paid period left to keep: it ends at once.
    const updated =
      sub.status === 'past_due'
        ? await updateSubscription(tx, id, { status: 'canceled', nextChargeAt: null, endedAt: ctx.now() })
        : await updateSubscription(tx, id, { cancelAtPeriodEnd: true });
    return subscriptionView(updated);
  });
}
