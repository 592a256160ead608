import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orderMessages, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertOrder(db: Db, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

/** Scoped by owner: another user's order is indistinguishable from a missing one. */
export async function findUserOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | undefined> {
  if (!UUID.test(orderId)) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

export async function listUserOrders(db: Db, userId: string, page: { offset: number; limit: number }) {
  const where = eq(orders.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function messageCounts(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({ orderId: orderMessages.orderId, n: count() })
    .from(orderMessages)
    .where(inArray(orderMessages.orderId, orderIds))
    .groupBy(orderMessages.orderId);
  for (const row of rows) result.set(row.orderId, row.n);
  return result;
}
