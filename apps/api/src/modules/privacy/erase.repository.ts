import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import {
  applications,
  auditLog,
  clientGeeks,
  fileUploads,
  liveEvents,
  livePresence,
  loginTokens,
  mailOutbox,
  messageMailQueue,
  orderClientTokens,
  orderFiles,
  orderMessages,
  orderNotes,
  orders,
  orderTransitions,
  payments,
  phoneVerifications,
  rateLimits,
  subscriptions,
  userDevices,
  users,
} from '../../db/schema.ts';

// Decision 058: the statements of one erasure, all in the caller's transaction. Each touches one table for the
// whole account (never one statement per task, message or file).

export async function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The account's tasks, locked: money in flight is settled on them in this transaction. */
export async function lockUserOrders(db: Db, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.number).for('update');
}

/** Every storage key the student uploaded (task files and message attachments), which go with the account. */
export async function uploadedKeys(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: fileUploads.key })
    .from(fileUploads)
    .where(eq(fileUploads.userId, userId));
  return rows.map((r) => r.key);
}

/** The words that name the person, replaced wherever staff or the audit may have written them. */
const scrub = (column: unknown, words: string[]) =>
  words.reduce<ReturnType<typeof sql>>((acc, w) => sql`replace(${acc}, ${w}, '[erased]')`, sql`${column}`);
const mentions = (column: unknown, words: string[]) =>
  or(...words.map((w) => sql`strpos(${column}, ${w}) > 0`));

export async function erasePersonalRows(db: Db, user: UserRow, orderIds: string[], now: Date) {
  const words = [user.email, user.notificationEmail, user.pendingNotificationEmail, user.phone].filter(
    (w): w is string => !!w && w.length >= 5,
  );
  const emails = [user.email, user.notificationEmail, user.pendingNotificationEmail].filter(
    (w): w is string => !!w,
  );
  // The student's own words and files.
  await db.delete(orderFiles).where(eq(orderFiles.uploadedBy, user.id));
  await db.delete(fileUploads).where(eq(fileUploads.userId, user.id));
  if (orderIds.length > 0) {
    await db
      .update(orderMessages)
      .set({ message: '', files: [] })
      .where(and(inArray(orderMessages.orderId, orderIds), eq(orderMessages.senderRole, 'client')));
    await db
      .update(orderMessages)
      .set({ message: sql`${scrub(orderMessages.message, words)}` })
      .where(and(inArray(orderMessages.orderId, orderIds), mentions(orderMessages.message, words)));
    await db
      .update(orderNotes)
      .set({ body: sql`${scrub(orderNotes.body, words)}` })
      .where(and(inArray(orderNotes.orderId, orderIds), mentions(orderNotes.body, words)));
    await db
      .update(orderTransitions)
      .set({ changes: {} })
      .where(and(inArray(orderTransitions.orderId, orderIds), eq(orderTransitions.actor, 'client')));
    await db.delete(messageMailQueue).where(inArray(messageMailQueue.orderId, orderIds));
    // Prices, payments and dates stay; what the student wrote goes. An unpaid draft is deleted.
    await db
      .update(orders)
      .set({
        title: 'Erased',
        details: '',
        feedback: null,
        feedbackTags: [],
        revisionComment: null,
        refundComment: null,
        systemClientStatus: sql`case when ${orders.paidCents} = 0 and ${orders.clientPaidAtFirst} is null
          then 'Deleted' else ${orders.systemClientStatus} end`,
        updatedAt: now,
      })
      .where(inArray(orders.id, orderIds));
  }
  await db
    .update(auditLog)
    .set({
      before: sql`(${scrub(sql`${auditLog.before}::text`, words)})::jsonb`,
      after: sql`(${scrub(sql`${auditLog.after}::text`, words)})::jsonb`,
      details: sql`(${scrub(sql`${auditLog.details}::text`, words)})::jsonb`,
    })
    .where(
      or(
        mentions(sql`${auditLog.before}::text`, words),
        mentions(sql`${auditLog.after}::text`, words),
        mentions(sql`${auditLog.details}::text`, words),
      ),
    );
  // What identified the person or their browsers, and what is only about them.
  await db.delete(userDevices).where(eq(userDevices.userId, user.id));
  await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, user.id));
  await db.delete(loginTokens).where(eq(loginTokens.userId, user.id));
  await db.delete(orderClientTokens).where(eq(orderClientTokens.userId, user.id));
  await db.delete(clientGeeks).where(eq(clientGeeks.userId, user.id));
  await db.delete(liveEvents).where(eq(liveEvents.userId, user.id));
  await db.delete(livePresence).where(eq(livePresence.userId, user.id));
  await db.delete(mailOutbox).where(inArray(mailOutbox.to, emails));
  await db.delete(applications).where(inArray(applications.email, emails));
  await db.delete(rateLimits).where(mentions(rateLimits.key, [...words, user.id]));
  await db.update(payments).set({ cardFingerprint: null }).where(eq(payments.userId, user.id));
  await db
    .update(subscriptions)
    .set({ status: 'canceled', nextChargeAt: null, endedAt: now })
    .where(
      and(
        eq(subscriptions.userId, user.id),
        inArray(subscriptions.status, ['active', 'past_due', 'incomplete']),
      ),
    );
}

/** The account row without a person: its id stays (the ledger, payments and tasks point at it). */
export async function anonymizeUser(db: Db, id: string, now: Date) {
  const placeholder = `erased-${id}@erased.invalid`;
  await db
    .update(users)
    .set({
      email: placeholder,
      notificationEmail: placeholder,
      pendingNotificationEmail: null,
      pendingNotificationTokenHash: null,
      pendingNotificationExpiresAt: null,
      passwordHash: null,
      pendingPasswordHash: null,
      pendingPasswordExpiresAt: null,
      googleSub: null,
      phone: null,
      phoneVerifiedAt: null,
      country: null,
      signupCountry: null,
      timezoneStr: null,
      profileLanding: null,
      profileLandingQuery: null,
      userdef: {},
      erasureTokenHash: null,
      erasureTokenExpiresAt: null,
      erasedAt: now,
      // Ends every session and event stream on every process (the users_session_revoked trigger).
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, id));
}

export async function setErasureToken(db: Db, id: string, tokenHash: string, expiresAt: Date) {
  await db
    .update(users)
    .set({ erasureTokenHash: tokenHash, erasureTokenExpiresAt: expiresAt })
    .where(eq(users.id, id));
}

export async function findUserByErasureToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.erasureTokenHash, tokenHash), gt(users.erasureTokenExpiresAt, now)));
  return row;
}
