import { and, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { loginTokens, mailOutbox, rateLimits, users } from '../../db/schema.ts';

// Decision 059: what the retention sweep deletes. Each statement answers how many rows it touched.

/** One-time log-in links (kept as hashes) that expired before `before`. */
export async function deleteExpiredLoginLinks(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(loginTokens)
    .where(lt(loginTokens.expiresAt, before))
    .returning({ at: loginTokens.expiresAt });
  return rows.length;
}

/** Rate-limit and quota counters whose window has ended (a new window starts from nothing anyway). */
export async function deleteEndedRateLimits(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowEndsAt, now))
    .returning({ key: rateLimits.key });
  return rows.length;
}

/**
 * Bodies of mail already sent or given up, still in the outbox (sent before bodies were dropped at sending):
 * the metadata (address, subject, times, request id) stays.
 */
export async function dropSentMailBodies(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ text: '', html: null })
    .where(
      and(
        or(isNotNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt)),
        or(ne(mailOutbox.text, ''), isNotNull(mailOutbox.html)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Confirmation tokens (notification e-mail, account erasure) that expired unused. */
export async function clearExpiredUserTokens(db: Db, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ erasureTokenHash: null, erasureTokenExpiresAt: null })
    .where(lt(users.erasureTokenExpiresAt, now));
  await db
    .update(users)
    .set({
      pendingNotificationEmail: null,
      pendingNotificationTokenHash: null,
      pendingNotificationExpiresAt: null,
    })
    .where(lt(users.pendingNotificationExpiresAt, now));
  await db
    .update(users)
    .set({ pendingPasswordHash: null, pendingPasswordExpiresAt: null })
    .where(lt(users.pendingPasswordExpiresAt, now));
}
