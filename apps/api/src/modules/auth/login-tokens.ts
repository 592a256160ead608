import { createHash, randomBytes } from 'node:crypto';
import { isLocalPath } from '@geekly/domain/users/redirect-path.ts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { loginTokens } from '../../db/schema.ts';

/** Decision 011: an e-mailed log-in link works once, for 7 days. */
export const LOGIN_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

// 256 random bits: a SHA-256 without salt is enough to keep a database reader from using stored tokens.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a one-time log-in token for `userId` that leads to `redirectPath`; returns the token to put in the
 * mail. Pass the mail's transaction, so a rolled-back mail leaves no usable token behind.
 */
export async function issueLoginToken(db: Db, userId: string, redirectPath: string, now: Date) {
  if (!isLocalPath(redirectPath)) throw new Error(`not a local path: ${redirectPath}`);
  const token = randomBytes(32).toString('base64url');
  await db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    userId,
    redirectPath,
    expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Spends a token: one UPDATE that matches only an unused, unexpired token, so of two concurrent requests
 * with the same token exactly one gets the row (the other re-checks `used_at` after the first commits).
 */
export async function spendLoginToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTokens.tokenHash, hashToken(token)),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, now),
      ),
    )
    .returning({ userId: loginTokens.userId, redirectPath: loginTokens.redirectPath });
  return row;
}

/**
 * The address of a one-time log-in link. `to` repeats where the token leads, so a link whose token is already
 * spent (or expired) still brings the user there after logging in with a password.
 */
export const loginLink = (publicUrl: string, token: string, to?: string) =>
  `${publicUrl.replace(/\/$/, '')}/login/${token}${to ? `?to=${encodeURIComponent(to)}` : ''}`;
