import { LIVE_EVENT_TYPES, type LiveEventType } from '@geekly/domain/chat/message-schemas.ts';
import { and, asc, eq, gt, inArray, isNotNull, lt, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { geekLogins, liveEvents, livePresence, users } from '../../db/schema.ts';

export const EVENTS_CHANNEL = 'geekly_events';
/** A stream that missed more than this many events refetches instead of replaying (decision 019). */
export const REPLAY_LIMIT = 500;

/**
 * The student's events (docs/product/http-api.md), and one for staff only: `records`, a task's internal records changed (a note,
 * a Geek file). It is kept under the task's student like the others but never reaches the student's stream.
 */
export type StoredEventType = LiveEventType | 'records' | 'offer';

/** What NOTIFY carries: ids only (the event's own id, its user, its type and task). */
export type EventNotice = { id: number; u: string; t: StoredEventType; o: string | null };

/**
 * A revoked session (decision 027): the user's token version changed to `v`, so their streams opened with an
 * older one end. Published on the same channel by the `users_session_revoked` trigger (migration 0020) on every
 * change of `users.token_version`, whatever code made it.
 */
type RevokedNotice = { t: 'revoked'; u: string; v: number };

/** Everything the events channel carries. */
export type ChannelNotice = EventNotice | RevokedNotice;
export const isRevoked = (n: ChannelNotice): n is RevokedNotice => n.t === 'revoked';

/**
 * Records a live event inside the caller's transaction and NOTIFYs it. PostgreSQL delivers a NOTIFY only when
 * the transaction commits and drops it on rollback, so listeners never hear of a change that did not happen.
 */
export async function publishEvent(
  tx: Db,
  userId: string,
  type: StoredEventType,
  orderId: string | null = null,
) {
  const [row] = await tx
    .insert(liveEvents)
    .values({ userId, type, orderId })
    .returning({ id: liveEvents.id });
  if (!row) throw new Error('live event insert returned nothing');
  const notice: EventNotice = { id: row.id, u: userId, t: type, o: orderId };
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** publishEvent for many users at once: one statement inserts the events and NOTIFYs each (decision 047's offers). */
export async function publishEventToMany(
  tx: Db,
  userIds: readonly string[],
  type: StoredEventType,
  orderId: string | null = null,
) {
  if (userIds.length === 0) return;
  const values = sql.join(
    userIds.map((u) => sql`(${u}::uuid, ${type}, ${orderId}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`with added as (
      insert into ${liveEvents} (user_id, type, order_id) values ${values} returning id, user_id, type, order_id)
    select pg_notify(${EVENTS_CHANNEL}, json_build_object('id', id, 'u', user_id, 't', type, 'o', order_id)::text)
    from added`);
}

export async function eventsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
  types: readonly StoredEventType[] = LIVE_EVENT_TYPES,
) {
  return db
    .select({ id: liveEvents.id, type: liveEvents.type, orderId: liveEvents.orderId })
    .from(liveEvents)
    .where(
      and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterId), inArray(liveEvents.type, [...types])),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** A Geek's stream (GET /workspace/events, decision 047): kept under the Geek's id (geeks.id). */
export const WORKSPACE_STORED_EVENTS: StoredEventType[] = ['offer', 'order', 'message'];

/** What staff hear: the task events (a student's balance is not the back office's live concern). */
export const STAFF_EVENT_TYPES: StoredEventType[] = ['order', 'message', 'records'];

/** The staff stream's replay: every task's order and message events after `afterId`, whoever they were for. */
export async function taskEventsAfter(db: Db, afterId: number, limit: number) {
  return db
    .select({ id: liveEvents.id, type: liveEvents.type, orderId: liveEvents.orderId })
    .from(liveEvents)
    .where(
      and(
        gt(liveEvents.id, afterId),
        inArray(liveEvents.type, STAFF_EVENT_TYPES),
        isNotNull(liveEvents.orderId),
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
  return row?.id ?? 0;
}

/** The oldest event still kept; a Last-Event-ID before it may have lost events to pruning. */
export async function oldestEventId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: min(liveEvents.id) }).from(liveEvents);
  return row?.id ?? null;
}

export async function latestUserEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(liveEvents.id) })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  return row?.id ?? 0;
}

/** Deletes the events older than `keepMs` (RETENTION_LIVE_EVENT_HOURS, decision 059); answers how many. */
export async function pruneEvents(db: Db, now: Date, keepMs: number): Promise<number> {
  const rows = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, new Date(now.getTime() - keepMs)))
    .returning({ id: liveEvents.id });
  return rows.length;
}

export async function markPresent(db: Db, userId: string, processId: string) {
  await db
    .insert(livePresence)
    .values({ userId, processId })
    .onConflictDoUpdate({
      target: [livePresence.userId, livePresence.processId],
      set: { seenAt: sql`now()` },
    });
}

export async function markAbsent(db: Db, userId: string, processId: string) {
  await db
    .delete(livePresence)
    .where(and(eq(livePresence.userId, userId), eq(livePresence.processId, processId)));
}

export async function refreshPresence(db: Db, processId: string) {
  await db.update(livePresence).set({ seenAt: sql`now()` }).where(eq(livePresence.processId, processId));
}

export async function dropPresence(db: Db, processId: string) {
  await db.delete(livePresence).where(eq(livePresence.processId, processId));
}

/**
 * Decisions 027 and 031: the users' current token versions, as revocation notices. A revocation is a NOTIFY with
 * no row behind it, so one sent while the LISTEN was away is not in the events table; delivered after the
 * reconnect, these end the streams of any session revoked in the gap (and change nothing for the others).
 */
export async function currentVersions(db: Db, userIds: string[]): Promise<RevokedNotice[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ u: users.id, v: users.tokenVersion })
    .from(users)
    .where(inArray(users.id, userIds));
  // A Geek's stream is kept under their geeks id, its version in geek_logins (decision 047).
  const geekRows = await db
    .select({ u: geekLogins.geekId, v: geekLogins.tokenVersion })
    .from(geekLogins)
    .where(inArray(geekLogins.geekId, userIds));
  return [...rows, ...geekRows].map((r) => ({ t: 'revoked' as const, u: r.u, v: r.v }));
}

/** Decision 031: every event after `afterId`, oldest first (a LISTEN that was away catches up). */
export async function eventsSince(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: liveEvents.id,
      userId: liveEvents.userId,
      type: liveEvents.type,
      orderId: liveEvents.orderId,
    })
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** Decision 031: a process's presence rows again, for its users (after the database was away). */
export async function markPresentAll(db: Db, userIds: string[], processId: string) {
  if (userIds.length === 0) return;
  await db
    .insert(livePresence)
    .values(userIds.map((userId) => ({ userId, processId })))
    .onConflictDoUpdate({
      target: [livePresence.userId, livePresence.processId],
      set: { seenAt: sql`now()` },
    });
}
