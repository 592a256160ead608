import { ORDERS_PAGE_SIZE, type OrderListQuery } from '@geekly/domain/orders/order-list-filters.ts';
import type { AppContext } from '../../app-context.ts';
import { orderPaidCents } from '../ledger/ledger.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { priceOrderWith } from './order-pricing.ts';
import { toOrderView } from './order-view.ts';
import {
  findUserOrder,
  listUserOrderPage,
  messageCounts,
  type OrderRow,
  preferredGeekIds,
} from './orders.repository.ts';
import { loadPricingInputs } from './pricing-inputs.ts';

type Counts = { paid: Map<string, number>; messages: Map<string, number> };

/** Views of one client's orders, each priced by the server at this moment, in a fixed number of queries. */
export async function orderViews(ctx: AppContext, userId: string, rows: OrderRow[], counts?: Counts) {
  const db = ctx.database.db;
  const ids = rows.map((r) => r.id);
  const now = ctx.now();
  const [paid, messages, geeks, pricingInputs] = await Promise.all([
    counts?.paid ?? orderPaidCents(db, ids),
    counts?.messages ?? messageCounts(db, ids),
    preferredGeekIds(db, userId),
    loadPricingInputs(db, userId, rows, now),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const paidCents = paid.get(row.id) ?? 0;
      const priced = await priceOrderWith(row, paidCents, now, pricingInputs(row));
      return toOrderView(row, {
        paidCents,
        messagesCount: messages.get(row.id) ?? 0,
        now,
        priced,
        preferredGeekIds: geeks,
      });
    }),
  );
}

export async function orderView(ctx: AppContext, row: OrderRow) {
  const [view] = await orderViews(ctx, row.userId, [row]);
  if (!view) throw new Error('order view missing');
  return view;
}

export async function listOrders(ctx: AppContext, user: UserRow, query: OrderListQuery) {
  const listed = await listUserOrderPage(
    ctx.database.db,
    user.id,
    { offset: query.page * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE },
    query,
  );
  const rows = listed.rows.map((r) => r.order);
  const counts = {
    paid: new Map(listed.rows.map((r) => [r.order.id, r.paidCents])),
    messages: new Map(listed.rows.map((r) => [r.order.id, r.messagesCount])),
  };
  return { results: await orderViews(ctx, user.id, rows, counts), total: listed.total };
}

export async function getOrder(ctx: AppContext, user: UserRow, orderId: string) {
  const row = await findUserOrder(ctx.database.db, user.id, orderId);
  return row ? orderView(ctx, row) : undefined;
}
