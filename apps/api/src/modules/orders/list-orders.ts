import { ORDERS_PAGE_SIZE, type OrderListQuery } from '@geekly/domain/orders/order-list-filters.ts';
import type { AppContext } from '../../app-context.ts';
import { unauthenticated } from '../../lib/app-error.ts';
import type { SessionClaims } from '../auth/session-token.ts';
import { orderPaidCents } from '../ledger/index.ts';
import { userSubscriptions } from '../subscriptions/index.ts';
import { priceOrderWith } from './order-pricing.ts';
import { toOrderView } from './order-view.ts';
import {
  findUserOrderForView,
  listUserOrderPage,
  messageCounts,
  type OrderRow,
  type OrderViewInputs,
  preferredGeekIds,
  type SharedViewInputs,
} from './orders.repository.ts';
import { loadPricingInputs } from './pricing-inputs.ts';

/**
 * Views of one client's orders, each priced by the server at this moment, from inputs read with the rows (the
 * list and one task read them in the same statement: decision 016); only coupons, when the tasks carry codes,
 * cost a fixed number of queries more.
 */
async function buildViews(
  ctx: AppContext,
  userId: string,
  rows: OrderViewInputs[],
  shared: SharedViewInputs,
) {
  const now = ctx.now();
  const pricingInputs = await loadPricingInputs(
    ctx.database.db,
    userId,
    rows.map((r) => r.order),
    now,
    shared.subscriptions,
  );
  return Promise.all(
    rows.map(async ({ order, paidCents, messagesCount, unreadMessages }) => {
      const priced = await priceOrderWith(order, paidCents, now, pricingInputs(order));
      return toOrderView(order, {
        paidCents,
        messagesCount,
        unreadMessages,
        now,
        priced,
        preferredGeekIds: shared.preferredGeekIds,
      });
    }),
  );
}

/** The view of a task just written (after a change): its inputs read in a fixed number of queries. */
export async function orderView(ctx: AppContext, row: OrderRow) {
  const db = ctx.database.db;
  const [paid, messages, geeks, subscriptions] = await Promise.all([
    orderPaidCents(db, [row.id]),
    messageCounts(db, [row.id]),
    preferredGeekIds(db, row.userId),
    userSubscriptions(db, row.userId),
  ]);
  const counts = messages.get(row.id);
  const inputs = {
    order: row,
    paidCents: paid.get(row.id) ?? 0,
    messagesCount: counts?.total ?? 0,
    unreadMessages: counts?.unread ?? 0,
  };
  const [view] = await buildViews(ctx, row.userId, [inputs], { subscriptions, preferredGeekIds: geeks });
  if (!view) throw new Error('order view missing');
  return view;
}

/** The client's list page; the session is checked in the page's own statement (decision 025). */
export async function listOrders(ctx: AppContext, session: SessionClaims, query: OrderListQuery) {
  const listed = await listUserOrderPage(
    ctx.database.db,
    session,
    { offset: query.page * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE },
    query,
  );
  if (!listed) throw unauthenticated();
  const results = listed.shared ? await buildViews(ctx, session.userId, listed.rows, listed.shared) : [];
  return { results, total: listed.total };
}

/** One of the client's tasks (another user's: undefined); the session is checked in the same statement. */
export async function getOrder(ctx: AppContext, session: SessionClaims, orderId: string) {
  const found = await findUserOrderForView(ctx.database.db, session, orderId);
  if (!found) return undefined;
  if (!found.session) throw unauthenticated();
  const [view] = await buildViews(ctx, session.userId, [found], found.shared);
  return view;
}
