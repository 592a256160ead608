import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { geekLogins, geekLoginTokens, geeks } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

type GeekLoginRow = typeof geekLogins.$inferSelect;
export type GeekRow = typeof geeks.$inferSelect;
/** A signed-in Geek: the log-in and the profile it belongs to. */
export type SignedInGeek = { login: GeekLoginRow; geek: GeekRow };

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function findGeekLoginByEmail(db: Db, email: string): Promise<SignedInGeek | undefined> {
  const [row] = await db
    .select({ login: geekLogins, geek: geeks })
    .from(geekLogins)
    .innerJoin(geeks, eq(geeks.id, geekLogins.geekId))
    .where(eq(geekLogins.email, email));
  return row;
}

export async function findGeekLogin(db: Db, geekId: string): Promise<SignedInGeek | undefined> {
  if (!isUuid(geekId)) return undefined;
  const [row] = await db
    .select({ login: geekLogins, geek: geeks })
    .from(geekLogins)
    .innerJoin(geeks, eq(geeks.id, geekLogins.geekId))
    .where(eq(geekLogins.geekId, geekId));
  return row;
}

export async function updateGeekLogin(
  db: Db,
  geekId: string,
  patch: Partial<typeof geekLogins.$inferInsert>,
) {
  const [row] = await db.update(geekLogins).set(patch).where(eq(geekLogins.geekId, geekId)).returning();
  if (!row) throw new Error('Geek log-in not found');
  return row;
}

/** Ends every session of the Geek (log-out, disabling, a password change): their tokens and streams. */
export async function revokeGeekSessions(db: Db, geekId: string) {
  await db
    .update(geekLogins)
    .set({ tokenVersion: sql`${geekLogins.tokenVersion} + 1` })
    .where(eq(geekLogins.geekId, geekId));
}

/** Whether a Geek's stream's session is still current: same token version, the profile enabled. */
export async function geekSessionIsCurrent(db: Db, geekId: string, tokenVersion: number) {
  const [row] = await db
    .select({ id: geekLogins.geekId })
    .from(geekLogins)
    .innerJoin(geeks, eq(geeks.id, geekLogins.geekId))
    .where(
      and(
        eq(geekLogins.geekId, geekId),
        eq(geekLogins.tokenVersion, tokenVersion),
        eq(geeks.isDisabled, false),
      ),
    );
  return row !== undefined;
}

export async function insertGeekLoginToken(
  db: Db,
  row: { token: string; geekId: string; purpose: 'invite' | 'restore'; expiresAt: Date },
) {
  await db.insert(geekLoginTokens).values({
    tokenHash: tokenHash(row.token),
    geekId: row.geekId,
    purpose: row.purpose,
    expiresAt: row.expiresAt,
  });
}

/** Spends a one-time link: answers its Geek once, while unused and unexpired; null otherwise. */
export async function spendGeekLoginToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .update(geekLoginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(geekLoginTokens.tokenHash, tokenHash(token)),
        isNull(geekLoginTokens.usedAt),
        gt(geekLoginTokens.expiresAt, now),
      ),
    )
    .returning({ geekId: geekLoginTokens.geekId, purpose: geekLoginTokens.purpose });
  return row ?? null;
}
