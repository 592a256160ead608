import type { SubscriptionInput } from '@geekly/domain/subscriptions/subscription-display.ts';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { payments, subscriptions } from '../../db/schema.ts';
import { isUuid } from '../orders/orders.repository.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

export async function userSubscriptions(db: Db, userId: string): Promise<SubscriptionInput[]> {
  const rows = await userSubscriptionRows(db, userId);
  return rows.map((r) => ({
    status: r.status,
    tag: r.tag,
    cancel_at_period_end: r.cancelAtPeriodEnd,
    current_period_end: r.currentPeriodEnd,
  }));
}

export async function userSubscriptionRows(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
}

export async function insertSubscription(db: Db, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  if (!inserted) throw new Error('subscription not inserted');
  return inserted;
}

export async function lockSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function updateSubscription(db: Db, id: string, patch: Partial<NewSubscriptionRow>) {
  const [row] = await db.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** Subscriptions whose paid period is over and that were cancelled to the period end. */
export async function cancelledAtPeriodEnd(db: Db, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, true),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(100);
}

/** Subscriptions the clock should charge now: a renewal or a retry of a failed one. */
export async function dueForCharge(db: Db, gateway: string, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.cancelAtPeriodEnd, false),
        eq(subscriptions.gateway, gateway as 'sandbox'),
        lte(subscriptions.nextChargeAt, now),
      ),
    )
    .orderBy(asc(subscriptions.nextChargeAt))
    .limit(100);
}

export async function hasPendingPayment(db: Db, subscriptionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}
