import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  orders,
  orderTransitions,
  payments,
  phoneVerifications,
  userDevices,
  users,
} from '../../db/schema.ts';

/**
 * The referrer's real figures (docs/product/http-api.md GET /referral): friends who signed up with the code, those of them with a
 * paid task (an order whose ledger account holds money), and the bonus the ledger paid the referrer, less what
 * it took back (decision 029).
 */
export async function referralFigures(db: Db, user: { id: string; referralCode: string }) {
  const [signedUp] = await db
    .select({ n: count() })
    .from(users)
    .where(eq(users.referredBy, user.referralCode));
  const paidFriends = db
    .select({ userId: orders.userId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(
      ledgerEntries,
      and(eq(ledgerEntries.accountType, 'order'), eq(ledgerEntries.accountId, orders.id)),
    )
    .where(eq(users.referredBy, user.referralCode))
    .groupBy(orders.userId, orders.id)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`)
    .as('paid_friends');
  const [withOrders] = await db
    .select({ n: sql<number>`count(distinct ${paidFriends.userId})::int` })
    .from(paidFriends);
  const [earned] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        inArray(ledgerTransactions.kind, ['referral_bonus', 'referral_bonus_reversed']),
        eq(ledgerEntries.accountType, 'user'),
        eq(ledgerEntries.accountId, user.id),
      ),
    );
  return {
    count: signedUp?.n ?? 0,
    countWithOrders: Number(withOrders?.n ?? 0),
    earnCents: Number(earned?.cents ?? 0),
  };
}

type Person = { id: string; email: string; notificationEmail: string };

/** The referrer behind a client's referred_by code, if any other client holds it. */
export async function findReferrer(
  db: Db,
  code: string | null,
  clientId: string,
): Promise<Person | undefined> {
  if (!code) return undefined;
  const [row] = await db
    .select({ id: users.id, email: users.email, notificationEmail: users.notificationEmail })
    .from(users)
    .where(and(eq(users.referralCode, code), eq(users.role, 'client')));
  return row && row.id !== clientId ? row : undefined;
}

/**
 * Decision 029: whether the client shares a payment card (the gateway's fingerprint, set only by a successful
 * charge; the payment being settled right now counts too), a browser (its device cookie) or a verified phone
 * (also one verified before and given up) with the referrer or with another account invited with the same code.
 * One statement, whatever the number of invited accounts.
 */
export async function sharesWithReferralCircle(db: Db, clientId: string, code: string): Promise<boolean> {
  const result = await db.execute(sql`
    with circle as (
      select id from ${users} where (referred_by = ${code} or referral_code = ${code}) and id <> ${clientId}
    )
    select (
      exists (
        select 1 from ${payments} mine
        join ${payments} theirs on theirs.card_fingerprint = mine.card_fingerprint
        where mine.user_id = ${clientId} and mine.card_fingerprint is not null
          and theirs.user_id in (select id from circle)
      )
      or exists (
        select 1 from ${userDevices} mine
        join ${userDevices} theirs on theirs.device_hash = mine.device_hash
        where mine.user_id = ${clientId} and theirs.user_id in (select id from circle)
      )
      or exists (
        select 1 from ${phoneVerifications} mine
        join ${phoneVerifications} theirs on theirs.phone = mine.phone
        where mine.user_id = ${clientId} and mine.verified_at is not null
          and theirs.verified_at is not null and theirs.user_id in (select id from circle)
      )
    ) as shared`);
  const rows = (result as unknown as { rows: { shared: boolean }[] }).rows;
  return rows[0]?.shared === true;
}

const deviceHash = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/** Notes that the user signed up or logged in from this browser (decision 017); one row per user and device. */
export async function recordDevice(db: Db, userId: string, deviceId: string, now: Date) {
  if (!deviceId) return;
  await db
    .insert(userDevices)
    .values({ userId, deviceHash: deviceHash(deviceId), firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [userDevices.userId, userDevices.deviceHash], set: { lastSeenAt: now } });
}

/** The ledger keys of a referred client's bonus for one task and of its reversal (decision 029). */
export const bonusKey = (clientId: string, orderId: string) => `referral-bonus:${clientId}:${orderId}`;
export const bonusReversalKey = (clientId: string, orderId: string) =>
  `referral-bonus-reversed:${clientId}:${orderId}`;

/**
 * Decision 029: the client's first task that earns the referral bonus — delivered (a `deliver` transition),
 * fully paid (its ledger account holds at least its price), not refunded nor waiting for a refund, and that has
 * not earned a bonus before.
 */
export async function bonusTask(
  db: Db,
  clientId: string,
): Promise<{ id: string; number: number } | undefined> {
  const paid = sql`(select coalesce(sum(e.amount_cents), 0) from ${ledgerEntries} e
    where e.account_type = 'order' and e.account_id = ${orders.id})`;
  const [row] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.userId, clientId),
        eq(orders.refunded, false),
        notInArray(orders.systemClientStatus, ['Refund Requested', 'Refund Accepted', 'Deleted']),
        gt(orders.priceCents, 0),
        sql`${paid} >= ${orders.priceCents}`,
        sql`exists (select 1 from ${orderTransitions} t where t.order_id = ${orders.id} and t.name = 'deliver')`,
        sql`not exists (select 1 from ${ledgerTransactions} lt
          where lt.idempotency_key = 'referral-bonus:' || ${clientId}::text || ':' || ${orders.id}::text)`,
      ),
    )
    .orderBy(orders.number)
    .limit(1);
  return row;
}

/**
 * What the referrer holds of the bonuses a referred client earned them: bonuses less reversals (decision 029);
 * the key written before decision 029 (`referral-bonus:{client}`) counts too.
 */
export async function heldBonusCents(db: Db, referrerId: string, clientId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountType, 'user'),
        eq(ledgerEntries.accountId, referrerId),
        inArray(ledgerTransactions.kind, ['referral_bonus', 'referral_bonus_reversed']),
        or(
          eq(ledgerTransactions.idempotencyKey, `referral-bonus:${clientId}`),
          like(ledgerTransactions.idempotencyKey, `referral-bonus:${clientId}:%`),
          like(ledgerTransactions.idempotencyKey, `referral-bonus-reversed:${clientId}:%`),
        ),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The bonus a task earned: the referrer it was paid to and the amount (decision 029). */
export async function bonusOfTask(
  db: Db,
  clientId: string,
  orderId: string,
): Promise<{ referrerId: string; cents: number } | undefined> {
  const [row] = await db
    .select({ referrerId: ledgerEntries.accountId, cents: ledgerEntries.amountCents })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.idempotencyKey, bonusKey(clientId, orderId)),
        eq(ledgerEntries.accountType, 'user'),
      ),
    );
  return row?.referrerId ? { referrerId: row.referrerId, cents: row.cents } : undefined;
}
