import { createHash, randomBytes } from 'node:crypto';
import { isLocalPath } from '@geekly/domain/users/redirect-path.ts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { loginTokens, users } from '../../db/schema.ts';

/**
 * Decision 028 (was 7 days, decision 011): an e-mailed log-in link works once, for 24 hours — a mail is read the
 * day it comes; later, the link still leads to its page after a password log-in (decision 024).
 */
export const LOGIN_TOKEN_TTL_MS = 24 * 3_600_000;

// 256 random bits: a SHA-256 without salt is enough to keep a database reader from using stored tokens.
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
    // The session version now: a log-out or a password change before the link is used refuses it.
    tokenVersion: sql`(select ${users.tokenVersion} from ${users} where ${users.id} = ${userId})`,
    expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Spends a token: one UPDATE that matches only an unused, unexpired token, so of two concurrent requests
 * with the same token exactly one gets the row (the other re-checks `used_at` after the first commits). The
 * caller refuses it when `tokenVersion` is not the user's current one.
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
    .returning({
      userId: loginTokens.userId,
      redirectPath: loginTokens.redirectPath,
      tokenVersion: loginTokens.tokenVersion,
    });
  return row;
}

/**
 * The address of a one-time log-in link. `to` repeats where the token leads, so a link whose token is already
 * spent (or expired) still brings the user there after logging in with a password.
 */
export const loginLink = (publicUrl: string, token: string, to?: string) =>
  `${publicUrl.replace(/\/$/, '')}/login/${token}${to ? `?to=${encodeURIComponent(to)}` : ''}`;
