import { centsToDollars } from '@geekly/domain/money.ts';
import { LATER_DEADLINE_DAYS } from '@geekly/domain/orders/deadline-prices.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import { orderPaidCents } from '../ledger/index.ts';
import { priceOrder } from './order-pricing.ts';
import { findUserOrder } from './orders.repository.ts';

const DAY_MS = 86_400_000;

/**
 * Issue 14 item 7: what the task would cost with a later deadline, priced by the same code as its quote
 * (priceOrder: the per-page bands, the coupon, the add-ons). `deadline` is the one being chosen in the picker,
 * not yet saved; without it, the task's own. A paid task's price no longer follows the deadline: no offers.
 */
export async function deadlinePrices(ctx: AppContext, user: UserRow, orderId: string, deadline?: Date) {
  const db = ctx.database.db;
  const row = await findUserOrder(db, user.id, orderId);
  if (!row) throw notFound('Order not found');
  const now = ctx.now();
  const paidCents = (await orderPaidCents(db, [row.id])).get(row.id) ?? 0;
  const at = deadline ?? row.deadline;
  const base = await priceOrder(db, { ...row, deadline: at }, paidCents, now);
  const current = base.price.priceCents;
  if (!base.changeable || current === null) return { deadline: at.toISOString(), price: null, later: [] };
  const later = await Promise.all(
    LATER_DEADLINE_DAYS.map(async (days) => {
      const when = new Date(at.getTime() + days * DAY_MS);
      const priced = await priceOrder(db, { ...row, deadline: when }, paidCents, now, { changeable: true });
      const cents = priced.price.priceCents ?? current;
      return {
        days,
        deadline: when.toISOString(),
        price: centsToDollars(cents),
        saving: centsToDollars(current - cents),
      };
    }),
  );
  return { deadline: at.toISOString(), price: centsToDollars(current), later };
}
