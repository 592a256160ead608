import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { geeks, livePresence, messageMailQueue, orderMessages, orders } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

/** A message with the public name of the Geek who sent it (null unless sent as the Geek). */
export type MessageRow = typeof orderMessages.$inferSelect & { geekName: string | null };

// Every read of messages for a view joins the sender Geek's name in the same query (no query per message).
const messageWithGeek = { ...getTableColumns(orderMessages), geekName: geeks.publicFullName };
const selectMessages = (db: Db) =>
  db.select(messageWithGeek).from(orderMessages).leftJoin(geeks, eq(geeks.id, orderMessages.geekId));

export async function listOrderMessages(db: Db, orderId: string): Promise<MessageRow[]> {
  return selectMessages(db)
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
}

export async function insertMessage(db: Db, values: typeof orderMessages.$inferInsert): Promise<MessageRow> {
  const [inserted] = await db.insert(orderMessages).values(values).returning({ id: orderMessages.id });
  if (!inserted) throw new Error('message insert returned nothing');
  const [row] = await selectMessages(db).where(eq(orderMessages.id, inserted.id));
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

export async function findMessage(
  db: Db,
  orderId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  if (!isUuid(messageId)) return undefined;
  const [row] = await selectMessages(db).where(
    and(eq(orderMessages.id, messageId), eq(orderMessages.orderId, orderId)),
  );
  return row;
}

/** Marks a message not from the client read (the client's own messages are read by the operator, not them). */
export async function markMessageRead(db: Db, orderId: string, messageId: string) {
  if (!isUuid(messageId)) return { row: undefined, changed: false };
  const changed = await db
    .update(orderMessages)
    .set({ status: 'read' })
    .where(
      and(
        eq(orderMessages.id, messageId),
        eq(orderMessages.orderId, orderId),
        ne(orderMessages.senderRole, 'client'),
        eq(orderMessages.status, 'unread'),
      ),
    )
    .returning({ id: orderMessages.id });
  return { row: await findMessage(db, orderId, messageId), changed: changed.length > 0 };
}

/**
 * The client's unread messages per task, each task's newest message and the client's own last message time:
 * three queries over all the client's tasks, whatever their number.
 */
export async function messageSummary(db: Db, userId: string) {
  const own = and(eq(orders.userId, userId), eq(orders.clientRemove, false));
  const [unread, last, lastOwn] = await Promise.all([
    // Kept on the task (decision 056).
    db
      .select({ orderId: orders.id, n: orders.unreadForClient })
      .from(orders)
      .where(and(own, gt(orders.unreadForClient, 0))),
    // Each task's newest message: one probe of the task's messages index a task (decision 056), so the work is
    // the student's tasks, not the messages table (a join chose to read every message at a million tasks).
    selectMessages(db).where(
      sql`${orderMessages.id} = any(array(select (select m.id from ${orderMessages} m where m.order_id = o.id
        order by m.created_at desc, m.id desc limit 1) from ${orders} o
        where o.user_id = ${userId} and o.client_remove = false))`,
    ),
    db
      .select({
        orderId: orders.id,
        // "orders"."id" spelled out: in a one-table select drizzle writes a column bare, which here is m's id.
        at: sql<Date | null>`(select max(m.created_at) from ${orderMessages} m where m.order_id = "orders"."id"
          and m.sender_role = 'client')`,
      })
      .from(orders)
      .where(own),
  ]);
  return {
    unread: new Map(unread.map((u) => [u.orderId, u.n])),
    last: new Map(last.map((l) => [l.orderId, l])),
    lastOwn: new Map(lastOwn.flatMap((l) => (l.at === null ? [] : [[l.orderId, new Date(l.at)] as const]))),
  };
}

// ——— The batched message mail ———

/** A message for the client: the task's mail goes out after a minute, and at most once in 10 minutes. */
export async function queueMessageMail(db: Db, orderId: string, now: Date) {
  const soon = new Date(now.getTime() + 60_000);
  await db
    .insert(messageMailQueue)
    .values({ orderId, dueAt: soon })
    .onConflictDoUpdate({
      target: messageMailQueue.orderId,
      set: {
        dueAt: sql`coalesce(${messageMailQueue.dueAt}, greatest(${soon.toISOString()}::timestamptz, ${messageMailQueue.lastSentAt} + interval '10 minutes'))`,
      },
    });
}

export async function claimDueMessageMail(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(messageMailQueue)
    .where(and(isNotNull(messageMailQueue.dueAt), lte(messageMailQueue.dueAt, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function finishMessageMail(db: Db, orderId: string, sentAt: Date | null) {
  await db
    .update(messageMailQueue)
    .set(sentAt ? { dueAt: null, lastSentAt: sentAt } : { dueAt: null })
    .where(eq(messageMailQueue.orderId, orderId));
}

/** Whether the user has a stream open on any process (a row refreshed within two heartbeats). */
export async function hasOpenStream(db: Db, userId: string, heartbeatMs: number) {
  const [row] = await db
    .select({ userId: livePresence.userId })
    .from(livePresence)
    .where(
      and(
        eq(livePresence.userId, userId),
        // The database's clock: the heartbeat writes seen_at with it.
        sql`${livePresence.seenAt} > now() - make_interval(secs => ${(2 * heartbeatMs + 5000) / 1000})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function unreadForClient(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderMessages)
    .where(
      and(
        inArray(orderMessages.orderId, orderIds),
        ne(orderMessages.senderRole, 'client'),
        eq(orderMessages.status, 'unread'),
      ),
    )
    .orderBy(asc(orderMessages.createdAt));
}
