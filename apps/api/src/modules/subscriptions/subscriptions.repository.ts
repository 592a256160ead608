import type { SubscriptionInput } from '@geekly/domain/subscriptions/subscription-display.ts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { subscriptions } from '../../db/schema.ts';

export async function userSubscriptions(db: Db, userId: string): Promise<SubscriptionInput[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  return rows.map((r) => ({
    status: r.status,
    tag: r.tag,
    cancel_at_period_end: r.cancelAtPeriodEnd,
    current_period_end: r.currentPeriodEnd,
  }));
}
