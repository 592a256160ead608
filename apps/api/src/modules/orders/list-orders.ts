import type { AppContext } from '../../app-context.ts';
import { orderPaidCents } from '../ledger/ledger.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { toOrderView } from './order-view.ts';
import { findUserOrder, listUserOrders, messageCounts, type OrderRow } from './orders.repository.ts';

export const ORDERS_PAGE_SIZE = 50;

async function views(ctx: AppContext, rows: OrderRow[]) {
  const ids = rows.map((r) => r.id);
  const [paid, messages] = await Promise.all([
    orderPaidCents(ctx.database.db, ids),
    messageCounts(ctx.database.db, ids),
  ]);
  const now = ctx.now();
  return rows.map((row) =>
    toOrderView(row, { paidCents: paid.get(row.id) ?? 0, messagesCount: messages.get(row.id) ?? 0, now }),
  );
}

export async function listOrders(ctx: AppContext, user: UserRow, page: number) {
  const { rows, total } = await listUserOrders(ctx.database.db, user.id, {
    offset: page * ORDERS_PAGE_SIZE,
    limit: ORDERS_PAGE_SIZE,
  });
  return { results: await views(ctx, rows), total };
}

export async function getOrder(ctx: AppContext, user: UserRow, orderId: string) {
  const row = await findUserOrder(ctx.database.db, user.id, orderId);
  if (!row) return undefined;
  const [view] = await views(ctx, [row]);
  return view;
}
