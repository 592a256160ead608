import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from './users.repository.ts';

/**
 * Decision 051: what every change of who holds an account does, in the caller's transaction — log-out everywhere
 * (`POST /logout`), a restored password taken into use, a password change, an unproven account taken over by
 * its Google owner (decision 040), the undo of a notification e-mail change. It moves the token version, which
 * ends every session and stream (decisions 002, 027), refuses every mailed log-in link issued before (028) and
 * changes the log-in key derived from it (`login-key.ts`); and it sends mail to the account e-mail again,
 * dropping a notification e-mail (confirmed or pending) that a stolen session may have chosen.
 */
export async function resetAccountAccess(tx: Db, userId: string): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      tokenVersion: sql`${users.tokenVersion} + 1`,
      notificationEmail: sql`${users.email}`,
      pendingNotificationEmail: null,
      pendingNotificationTokenHash: null,
      pendingNotificationExpiresAt: null,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}
