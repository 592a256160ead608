import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/rows.ts';
import { clientGeeks, geekLogins, geeks, orderMessages, orders } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

/** How many offers a Geek sees at once (the oldest paid first). */
const OFFERS_SHOWN = 100;

/**
 * The open tasks a Geek may be offered (decision 047): paid, instructions accepted by staff, no Geek, not removed,
 * the student has not blocked this Geek, and the course among the Geek's subjects or the Geek the student chose.
 * The rules that depend on time and marks (mayTakeOffer) are applied to these rows. The two ways of matching are
 * read apart, each from its own index of the open tasks (migration 0059: by subject in the offers' order, and a
 * GIN index of the chosen Geeks), and merged: one OR read every open task in the offers' order until 100 matched.
 */
export async function openTasksFor(
  db: Db,
  geek: { id: string; subjects: readonly string[] },
): Promise<OrderRow[]> {
  const blocked = sql`exists (select 1 from ${clientGeeks} cg where cg.user_id = ${orders.userId}
    and cg.geek_id = ${geek.id} and cg.blocked)`;
  const open = [
    isNull(orders.geekId),
    eq(orders.systemClientStatus, 'Paid'),
    eq(orders.clientRemove, false),
    gt(orders.paidCents, 0),
    sql`${orders.tags} ? 'instr_ok'`,
    sql`not ${blocked}`,
  ];
  const chosen = sql`${orders.services} @> ${JSON.stringify([{ tag: 'client_recomended_writer', writerId: geek.id }])}::jsonb`;
  const matching = (condition: SQL) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(...open, condition))
      .orderBy(asc(orders.clientPaidAtFirst), asc(orders.number))
      .limit(OFFERS_SHOWN);
  const ways = [
    ...(geek.subjects.length > 0 ? [matching(inArray(orders.subject, [...geek.subjects]))] : []),
    matching(chosen),
  ];
  return db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        sql`(${sql.join(
          ways.map((w) => sql`(${w})`),
          sql` union `,
        )})`,
      ),
    )
    .orderBy(asc(orders.clientPaidAtFirst), asc(orders.number))
    .limit(OFFERS_SHOWN);
}

/** One of this Geek's tasks; another's (or none) is undefined, answered 404. */
export async function findGeekTask(db: Db, geekId: string, orderId: string): Promise<OrderRow | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.geekId, geekId)));
  return row;
}

/** A page of My tasks (issue 36: the same answer at ten thousand tasks and at a million). */
export const GEEK_TASKS_PAGE = 50;

/**
 * A page of this Geek's tasks, the latest deadline first (the tasks in hand before the finished ones), then by id;
 * `after`: the page after that task of theirs (another's id answers an empty page). Read from
 * orders_writer_deadline_id_idx in its order (migration 0059).
 */
export async function listGeekTasks(db: Db, geekId: string, after?: string): Promise<OrderRow[]> {
  const keyset = after
    ? sql`(${orders.deadline}, ${orders.id}) < (select c.deadline, c.id from ${orders} c
        where c.id = ${after} and c.writer_id = ${geekId})`
    : undefined;
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.geekId, geekId), keyset))
    .orderBy(desc(orders.deadline), desc(orders.id))
    .limit(GEEK_TASKS_PAGE);
}

/** The student's messages each task's Geek has not read (after their last read), in one query. */
export async function unreadForGeek(db: Db, rows: readonly OrderRow[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (rows.length === 0) return result;
  const counted = await db
    .select({ orderId: orderMessages.orderId, n: count() })
    .from(orderMessages)
    .innerJoin(orders, eq(orders.id, orderMessages.orderId))
    .where(
      and(
        inArray(
          orderMessages.orderId,
          rows.map((r) => r.id),
        ),
        eq(orderMessages.senderRole, 'client'),
        sql`${orderMessages.createdAt} > coalesce(${orders.geekReadAt}, 'epoch'::timestamptz)`,
      ),
    )
    .groupBy(orderMessages.orderId);
  for (const r of counted) result.set(r.orderId, r.n);
  return result;
}

export async function markGeekRead(db: Db, orderId: string, at: Date) {
  await db.update(orders).set({ geekReadAt: at }).where(eq(orders.id, orderId));
}

/** The Geeks with a workspace log-in who are Available and enabled (offer events and mails go to them). */
export async function availableGeekLogins(db: Db) {
  return db
    .select({
      id: geeks.id,
      email: geekLogins.email,
      subjects: geeks.publicSubjects,
      top: geeks.isTop,
      offersMailedAt: geekLogins.offersMailedAt,
    })
    .from(geekLogins)
    .innerJoin(geeks, eq(geeks.id, geekLogins.geekId))
    .where(and(eq(geeks.available, true), eq(geeks.isDisabled, false)));
}
