import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

/**
 * Whether the session a stream was opened with is still current: the user has the role, has not been revoked
 * since (token version) and, for staff, is not disabled. An event stream asks once it is in its hub, so a
 * revocation committed while it was being opened is not missed (decision 027).
 */
export async function sessionIsCurrent(
  db: Db,
  userId: string,
  tokenVersion: number,
  role: 'client' | 'staff',
) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.tokenVersion, tokenVersion),
        eq(users.role, role),
        isNull(users.staffDisabledAt),
      ),
    );
  return row !== undefined;
}
