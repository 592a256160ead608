import { and, count, eq, gt, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { fastRows, prepared } from '../../db/prepared.ts';
import type { UserRow } from '../../db/rows.ts';
import { ledgerEntries, orders, users } from '../../db/schema.ts';

export type { UserRow };
export type NewUserRow = typeof users.$inferInsert;

/**
 * Whether a signed session is still the client's: the user exists, is a client, and has not logged out since
 * (token version), as the session plugin's requireClient checks it. For reads that check the session in their
 * own statement (decision 025); PostgreSQL evaluates it once per statement.
 */
export function clientSessionIsValid(userId: SQLWrapper | string, tokenVersion: SQLWrapper | number) {
  // Aliased by hand: inside another table's statement drizzle may write a column unqualified.
  return sql<boolean>`exists (select 1 from users su where su.id = ${userId}
    and su.token_version = ${tokenVersion} and su.role = 'client')`;
}

/**
 * Whether a signed staff session is still valid: the user exists, is staff, is not disabled, and has not logged out
 * since (token version), as the session plugin's requireStaff checks it. For the back office's hot read (the
 * queue) that checks the session in its own statement (decision 025's pattern); evaluated once per statement.
 */
export function staffSessionIsValid(userId: SQLWrapper | string, tokenVersion: SQLWrapper | number) {
  return sql<boolean>`exists (select 1 from users su where su.id = ${userId}
    and su.token_version = ${tokenVersion} and su.role = 'staff' and su.staff_disabled_at is null)`;
}

/** A session check on its own, for a read whose statement answered no row (an empty page or a dead session). */
export async function sessionStillValid(db: Db, check: SQL<boolean>) {
  const [row] = await db.select({ valid: check }).from(sql`(values (1)) as one`);
  return row?.valid === true;
}

/** The caller of a request (session plugin): every authenticated request reads it, so a prepared statement. */
export async function findSessionUser(db: Database, id: string): Promise<UserRow | undefined> {
  const statement = prepared(db, 'session_user', () =>
    fastRows(
      db
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare('session_user'),
    ),
  );
  const [row] = await statement.execute({ id });
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Decision 040: the account a Google subject was linked to, whatever its e-mail is now. */
export async function findUserByGoogleSub(db: Db, googleSub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Decision 052: the account whose confirmed number this is (a claim not yet confirmed is no one's). */
export async function findVerifiedOwnerOfPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)));
  return row;
}

/**
 * The referral code as stored, when `code` is some user's public referral code; codes are upper-case, so a
 * hand-typed lower-case one still counts. Anything else (a stale link, a login key) is not a referral.
 */
export async function findReferralCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.referralCode, code.trim().toUpperCase()));
  return row?.code ?? null;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/**
 * Makes a client's pending notification e-mail the notification e-mail, when `tokenHash` is its unexpired
 * confirmation token; one statement, so the token works once (decision 028).
 */
export async function confirmPendingNotificationEmail(db: Db, tokenHash: string, now: Date) {
  // Locked first: the address mail went to until now is told of the change too (decision 051).
  const [found] = await db
    .select({ id: users.id, previousNotificationEmail: users.notificationEmail })
    .from(users)
    .where(
      and(
        eq(users.pendingNotificationTokenHash, tokenHash),
        gt(users.pendingNotificationExpiresAt, now),
        eq(users.role, 'client'),
      ),
    )
    .for('update');
  if (!found) return undefined;
  const [row] = await db
    .update(users)
    .set({
      notificationEmail: sql`${users.pendingNotificationEmail}`,
      pendingNotificationEmail: null,
      pendingNotificationTokenHash: null,
      pendingNotificationExpiresAt: null,
    })
    .where(and(eq(users.id, found.id), eq(users.pendingNotificationTokenHash, tokenHash)))
    .returning({ id: users.id, email: users.email, notificationEmail: users.notificationEmail });
  return row && { ...row, previousNotificationEmail: found.previousNotificationEmail };
}

export async function bumpTokenVersion(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/** The figures the user view needs that derive from other tables. */
export async function userStats(db: Db, userId: string) {
  const [balance] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountType, 'user'), eq(ledgerEntries.accountId, userId)));
  const paidOrders = db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(
      ledgerEntries,
      and(eq(ledgerEntries.accountType, 'order'), eq(ledgerEntries.accountId, orders.id)),
    )
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`)
    .as('paid_orders');
  const [paid] = await db.select({ n: count() }).from(paidOrders);
  return { balanceCents: Number(balance?.total ?? 0), paidOrdersCount: paid?.n ?? 0 };
}

/** The user's row, locked for the rest of the transaction (a credential change moves its token version). */
export async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The client whose unexpired password-set link carries this token (SHA-256), locked for the transaction. */
export async function lockUserByPasswordSetToken(
  tx: Db,
  tokenHash: string,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.passwordSetTokenHash, tokenHash),
        gt(users.passwordSetExpiresAt, now),
        eq(users.role, 'client'),
      ),
    )
    .for('update');
  return row;
}
