import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notificationEmailUndoTokens, users } from '../../db/schema.ts';

export type UndoTarget = { id: string };

export async function insertUndoToken(
  tx: Db,
  values: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(notificationEmailUndoTokens).values(values);
}

/**
 * Spends an unexpired undo token of a client: it and every other undo token of that user are deleted (one undo is
 * enough). Answers the user, or undefined when the token is unknown, spent or expired.
 */
export async function spendUndoToken(tx: Db, tokenHash: string, now: Date): Promise<UndoTarget | undefined> {
  const [spent] = await tx
    .delete(notificationEmailUndoTokens)
    .where(
      and(
        eq(notificationEmailUndoTokens.tokenHash, tokenHash),
        gt(notificationEmailUndoTokens.expiresAt, now),
      ),
    )
    .returning({ userId: notificationEmailUndoTokens.userId });
  if (!spent) return undefined;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, spent.userId), eq(users.role, 'client')));
  if (!user) return undefined;
  await tx.delete(notificationEmailUndoTokens).where(eq(notificationEmailUndoTokens.userId, user.id));
  return user;
}
