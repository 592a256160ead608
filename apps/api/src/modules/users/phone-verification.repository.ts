import { and, desc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { phoneVerifications } from '../../db/schema.ts';

type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;

export async function insertPhoneVerification(
  db: Db,
  row: typeof phoneVerifications.$inferInsert,
): Promise<string> {
  const [inserted] = await db.insert(phoneVerifications).values(row).returning({ id: phoneVerifications.id });
  return inserted?.id ?? '';
}

/** Forgets a code that never reached the phone (the send failed), so the one sent before still counts. */
export async function deletePhoneVerification(db: Db, id: string): Promise<void> {
  await db.delete(phoneVerifications).where(eq(phoneVerifications.id, id));
}

/** The newest code sent to the user, locked: attempts are counted one at a time. */
export async function lockLatestVerification(
  db: Db,
  userId: string,
): Promise<PhoneVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updatePhoneVerification(
  db: Db,
  id: string,
  patch: Partial<typeof phoneVerifications.$inferInsert>,
) {
  await db.update(phoneVerifications).set(patch).where(eq(phoneVerifications.id, id));
}

/**
 * Decision 029: whether another account verified this number and still holds it, or gave it up after `since`
 * (a number verifies one account at a time, and waits 30 days before it verifies another one).
 */
export async function phoneHeldElsewhere(
  db: Db,
  phone: string,
  userId: string,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        ne(phoneVerifications.userId, userId),
        isNotNull(phoneVerifications.verifiedAt),
        or(isNull(phoneVerifications.releasedAt), gt(phoneVerifications.releasedAt, since)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The account gives up a number it verified (its phone changed): the 30 days of decision 029 start now. */
export async function releaseVerifiedPhone(db: Db, userId: string, phone: string, now: Date) {
  await db
    .update(phoneVerifications)
    .set({ releasedAt: now })
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        eq(phoneVerifications.phone, phone),
        isNotNull(phoneVerifications.verifiedAt),
        isNull(phoneVerifications.releasedAt),
      ),
    );
}
