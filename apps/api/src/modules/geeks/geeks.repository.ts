import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clientGeeks, courses, geekStats, geeks, orders } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

export type GeekRow = typeof geeks.$inferSelect;

// docs/product/statuses-and-state-machine.md "Under review": sent to client, revision sent, revision requested, or in progress.
const UNDER_REVIEW_CLIENT_STATUSES = ['Sent', 'Revision sent', 'Revision requested', 'In progress'];

export type GeekFigures = { avgMark: number | null; completed: number };
export type ClientMarks = { faved: boolean; blocked: boolean };

export async function findGeek(db: Db, geekId: string): Promise<GeekRow | undefined> {
  if (!isUuid(geekId)) return undefined;
  const [row] = await db
    .select()
    .from(geeks)
    .where(and(eq(geeks.id, geekId), eq(geeks.isDisabled, false)));
  return row;
}

/**
 * The Geek acted just now (through the back office or the demo autopilot, decision 022): the landing's "Geeks
 * online" counts Geeks seen lately. Called in the transaction of the action.
 */
export async function markGeekSeen(db: Db, geekId: string, at: Date) {
  await db.update(geeks).set({ lastSeenAt: at }).where(eq(geeks.id, geekId));
}

/** docs/product/geeks.md "My Geeks": the Geeks of the client's tasks under review, blocked ones left out. */
export async function findMyGeeks(db: Db, userId: string): Promise<GeekRow[]> {
  const blocked = db
    .select({ id: clientGeeks.geekId })
    .from(clientGeeks)
    .where(and(eq(clientGeeks.userId, userId), eq(clientGeeks.blocked, true)));
  const ids = db
    .selectDistinct({ id: orders.geekId })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.clientRemove, false),
        inArray(orders.clientStatus, UNDER_REVIEW_CLIENT_STATUSES),
      ),
    );
  return db
    .select()
    .from(geeks)
    .where(and(inArray(geeks.id, ids), not(inArray(geeks.id, blocked)), eq(geeks.isDisabled, false)))
    .orderBy(asc(geeks.publicFullName));
}

/** The Geeks the client blocked (the way back to 'Unblock'), in one query; another client's marks never count. */
export async function findBlockedGeeks(db: Db, userId: string): Promise<GeekRow[]> {
  const rows = await db
    .select({ geek: geeks })
    .from(clientGeeks)
    .innerJoin(geeks, eq(geeks.id, clientGeeks.geekId))
    .where(and(eq(clientGeeks.userId, userId), eq(clientGeeks.blocked, true), eq(geeks.isDisabled, false)))
    .orderBy(asc(geeks.publicFullName));
  return rows.map((r) => r.geek);
}

/**
 * The honest figures of several Geeks in one query: the average of their real marks and their delivered tasks
 * (decision 023: work or revision sent, not refunded), kept in geek_stats by a trigger on orders (migration 0041,
 * decision 056) rather than aggregated over every task of theirs.
 */
export async function geekFigures(db: Db, geekIds: string[]): Promise<Map<string, GeekFigures>> {
  const result = new Map<string, GeekFigures>();
  if (geekIds.length === 0) return result;
  const rows = await db.select().from(geekStats).where(inArray(geekStats.geekId, geekIds));
  for (const row of rows) {
    result.set(row.geekId, {
      avgMark: row.marksN === 0 ? null : Math.round((row.marksSum / row.marksN) * 100) / 100,
      completed: row.completed,
    });
  }
  return result;
}

export async function clientMarks(
  db: Db,
  userId: string,
  geekIds: string[],
): Promise<Map<string, ClientMarks>> {
  const result = new Map<string, ClientMarks>();
  if (geekIds.length === 0) return result;
  const rows = await db
    .select()
    .from(clientGeeks)
    .where(and(eq(clientGeeks.userId, userId), inArray(clientGeeks.geekId, geekIds)));
  for (const row of rows) result.set(row.geekId, { faved: row.faved, blocked: row.blocked });
  return result;
}

export async function upsertClientMarks(db: Db, userId: string, geekId: string, marks: Partial<ClientMarks>) {
  const now = new Date();
  await db
    .insert(clientGeeks)
    .values({ userId, geekId, ...marks, updatedAt: now })
    .onConflictDoUpdate({
      target: [clientGeeks.userId, clientGeeks.geekId],
      set: { ...marks, updatedAt: now },
    });
}

/**
 * Serialises a client's marks on Geeks (block, favourite) with staff assigning a Geek to one of their tasks: both
 * take this lock in their transaction (a first block inserts a row no other lock would cover).
 */
export async function lockClientGeekChoices(db: Db, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`client-geeks:${userId}`}, 0))`);
}

/** Whether the client of the task blocked the Geek (My Geeks): staff and the autopilot never assign them. */
export async function blockedByTaskClient(db: Db, orderId: string, geekId: string): Promise<boolean> {
  if (!isUuid(orderId) || !isUuid(geekId)) return false;
  const [row] = await db
    .select({ id: clientGeeks.geekId })
    .from(clientGeeks)
    .innerJoin(orders, eq(orders.userId, clientGeeks.userId))
    .where(and(eq(orders.id, orderId), eq(clientGeeks.geekId, geekId), eq(clientGeeks.blocked, true)));
  return row !== undefined;
}

export async function lockGeek(db: Db, geekId: string) {
  if (!isUuid(geekId)) return undefined;
  const [geek] = await db.select().from(geeks).where(eq(geeks.id, geekId)).for('update');
  return geek;
}

export async function insertGeek(db: Db, values: typeof geeks.$inferInsert) {
  const [row] = await db.insert(geeks).values(values).returning();
  if (!row) throw new Error('geek not inserted');
  return row;
}

export async function updateGeek(db: Db, geekId: string, patch: Partial<typeof geeks.$inferInsert>) {
  const [row] = await db.update(geeks).set(patch).where(eq(geeks.id, geekId)).returning();
  if (!row) throw new Error('geek not updated');
  return row;
}

/** A course of the catalogue (a Geek's subjects are courses). */
export async function isCourse(db: Db, name: string) {
  const [row] = await db.select({ name: courses.name }).from(courses).where(eq(courses.name, name));
  return row !== undefined;
}
