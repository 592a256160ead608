import { ORDERS_PAGE_SIZE, type OrderListQuery } from '@geekly/domain/orders/order-list-filters.ts';
import { hasPremiumPlus } from '@geekly/domain/subscriptions/subscription-display.ts';
import type { AppContext } from '../../app-context.ts';
import { orderPaidCents } from '../ledger/ledger.repository.ts';
import { userSubscriptions } from '../subscriptions/subscriptions.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { priceOrder } from './order-pricing.ts';
import { toOrderView } from './order-view.ts';
import {
  findUserOrder,
  listUserOrders,
  messageCounts,
  type OrderRow,
  preferredGeekIds,
} from './orders.repository.ts';

/** Views of one client's orders, each priced by the server at this moment. */
export async function orderViews(ctx: AppContext, userId: string, rows: OrderRow[]) {
  const db = ctx.database.db;
  const ids = rows.map((r) => r.id);
  const now = ctx.now();
  const [paid, messages, geeks, subs] = await Promise.all([
    orderPaidCents(db, ids),
    messageCounts(db, ids),
    preferredGeekIds(db, userId),
    userSubscriptions(db, userId),
  ]);
  const premiumPlus = hasPremiumPlus(subs, now);
  return Promise.all(
    rows.map(async (row) => {
      const paidCents = paid.get(row.id) ?? 0;
      const priced = await priceOrder(db, row, paidCents, now, { premiumPlus });
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
  const { rows, total } = await listUserOrders(
    ctx.database.db,
    user.id,
    { offset: query.page * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE },
    query,
  );
  return { results: await orderViews(ctx, user.id, rows), total };
}

export async function getOrder(ctx: AppContext, user: UserRow, orderId: string) {
  const row = await findUserOrder(ctx.database.db, user.id, orderId);
  return row ? orderView(ctx, row) : undefined;
}
