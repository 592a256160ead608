import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { phoneVerifications } from '../../db/schema.ts';

export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;

export async function insertPhoneVerification(db: Db, row: typeof phoneVerifications.$inferInsert) {
  await db.insert(phoneVerifications).values(row);
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
