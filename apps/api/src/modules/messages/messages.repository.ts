import { and, asc, eq, getTableColumns, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
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
 * What the notification needs of the client's tasks (decision 056): the tasks with unread messages, the task of the
 * newest message (the newest conversation) and the task of the client's own last message, each with its unread
 * count, newest message and the client's last message time. Every other task's row would change nothing the web
 * app shows (the total, a task's count, the bubble's newest unread message, the newest conversation, the client's
 * last message time), so the work is the unread tasks, not the client's tasks. Each is read from an index of the
 * client's tasks (migration 0059), the times kept on the task (migration 0058).
 */
export async function messageSummary(db: Db, userId: string) {
  const own = sql`o.user_id = ${userId} and o.client_remove = false`;
  const rows = await db
    .select({ id: orders.id, unread: orders.unreadForClient, ownAt: orders.clientLastMessageAt })
    .from(orders)
    .where(
      inArray(
        orders.id,
        sql`(select o.id from ${orders} o where ${own} and o.unread_for_client > 0
          union all (select o.id from ${orders} o where ${own} and o.last_message_at is not null
            order by o.last_message_at desc limit 1)
          union all (select o.id from ${orders} o where ${own} and o.client_last_message_at is not null
            order by o.client_last_message_at desc limit 1))`,
      ),
    );
  // Each task's newest message: one probe of the task's messages index a task.
  const last =
    rows.length === 0
      ? []
      : await selectMessages(db).where(
          sql`${orderMessages.id} = any(array(select (select m.id from ${orderMessages} m where m.order_id = t.id
            order by m.created_at desc, m.id desc limit 1)
            from unnest(array[${sql.join(
              rows.map((r) => sql`${r.id}::uuid`),
              sql`, `,
            )}]) t(id)))`,
        );
  return {
    unread: new Map(rows.filter((r) => r.unread > 0).map((r) => [r.id, r.unread])),
    last: new Map(last.map((l) => [l.orderId, l])),
    lastOwn: new Map(rows.flatMap((r) => (r.ownAt === null ? [] : [[r.id, r.ownAt] as const]))),
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
