import type {
  SubscriptionInput,
  SubscriptionTag,
} from '@geekly/domain/subscriptions/subscription-display.ts';
import { and, asc, eq, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { payments, subscriptions } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type NewSubscriptionRow = typeof subscriptions.$inferInsert;

export async function userSubscriptions(db: Db, userId: string): Promise<SubscriptionInput[]> {
  const rows = await userSubscriptionRows(db, userId);
  return rows.map((r) => ({
    status: r.status,
    tag: r.tag,
    cancel_at_period_end: r.cancelAtPeriodEnd,
    current_period_end: r.currentPeriodEnd,
  }));
}

/** One subscription as userSubscriptionsJson writes it (the period's end in epoch milliseconds). */
export type SubscriptionJson = {
  status: string;
  tag: SubscriptionTag;
  cancel_at_period_end: boolean;
  current_period_end_ms: number | null;
};

/**
 * The client's subscriptions, as userSubscriptions reads them, as one JSON value for a column of another
 * statement (a page of tasks reads them with its rows: decision 016). Read it with subscriptionsFromJson.
 */
export function userSubscriptionsJson(userId: string | Placeholder): SQL<SubscriptionJson[]> {
  return sql`(select coalesce(json_agg(json_build_object(
      'status', s.status, 'tag', s.tag, 'cancel_at_period_end', s.cancel_at_period_end,
      'current_period_end_ms', floor(extract(epoch from s.current_period_end) * 1000)
    ) order by s.created_at), '[]'::json)
    from ${subscriptions} s where s.user_id = ${userId})`;
}

export function subscriptionsFromJson(rows: SubscriptionJson[]): SubscriptionInput[] {
  return rows.map((r) => ({
    status: r.status,
    tag: r.tag,
    cancel_at_period_end: r.cancel_at_period_end,
    current_period_end: r.current_period_end_ms === null ? null : new Date(r.current_period_end_ms),
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

/** Decision 029: one POST /subscriptions of a client at a time (a transaction-scoped advisory lock). */
export async function lockSubscribing(db: Db, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe:${userId}`}, 0))`);
}

/** The client's subscriptions that still count (pending, incomplete, active, past due), locked. */
export async function lockLiveSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['pending', 'incomplete', 'active', 'past_due']),
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
    .for('update');
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
