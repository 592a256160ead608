import { createHash } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions, orders, payments, userDevices, users } from '../../db/schema.ts';

/**
 * The referrer's real figures (API.md GET /referral): friends who signed up with the code, those of them with a
 * paid task (an order whose ledger account holds money), and the bonus the ledger paid the referrer.
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
        eq(ledgerTransactions.kind, 'referral_bonus'),
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
 * Whether one card paid for both users (the gateway's card fingerprints, set only by a successful charge; the
 * payment being settled right now counts too).
 */
export async function shareACard(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ fp: payments.cardFingerprint })
    .from(payments)
    .where(and(inArray(payments.userId, [a, b]), isNotNull(payments.cardFingerprint)))
    .groupBy(payments.cardFingerprint)
    .having(sql`count(distinct ${payments.userId}) > 1`)
    .limit(1);
  return rows.length > 0;
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

/** Whether both users signed up or logged in from one browser (its device cookie). */
export async function shareADevice(db: Db, a: string, b: string): Promise<boolean> {
  const other = alias(userDevices, 'other_devices');
  const rows = await db
    .select({ hash: userDevices.deviceHash })
    .from(userDevices)
    .innerJoin(other, and(eq(other.deviceHash, userDevices.deviceHash), eq(other.userId, b)))
    .where(eq(userDevices.userId, a))
    .limit(1);
  return rows.length > 0;
}

/** Whether the client has a task whose ledger account holds money (a paid task, as the figures count it). */
export async function hasPaidTask(db: Db, userId: string): Promise<{ number: number } | undefined> {
  const [row] = await db
    .select({ number: orders.number })
    .from(orders)
    .innerJoin(
      ledgerEntries,
      and(eq(ledgerEntries.accountType, 'order'), eq(ledgerEntries.accountId, orders.id)),
    )
    .where(eq(orders.userId, userId))
    .groupBy(orders.id, orders.number)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`)
    .orderBy(orders.number)
    .limit(1);
  return row;
}
