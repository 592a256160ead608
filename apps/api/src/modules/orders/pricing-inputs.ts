import type { CouponUsage } from '@geekly/domain/pricing/coupons.ts';
import { hasPremiumPlus, type SubscriptionInput } from '@geekly/domain/subscriptions/subscription-display.ts';
import { planAddOns } from '@geekly/domain/subscriptions/subscription-plans.ts';
import type { Db } from '../../db/database.ts';
import { couponUsages, findCoupons } from '../coupons/index.ts';
import { userSubscriptions } from '../subscriptions/index.ts';
import type { PricingInputs } from './order-pricing.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * Everything pricing reads for a page of one client's tasks, in a fixed number of queries whatever the page
 * size: the client's subscriptions, the page's coupons, and coupon use counted the way couponUsage counts it
 * (paid tasks other than the one being priced). Subscriptions read beforehand (with the rows) are not read
 * again; coupons are read only when the rows carry codes.
 */
export async function loadPricingInputs(
  db: Db,
  userId: string,
  rows: OrderRow[],
  now: Date,
  subscriptions?: SubscriptionInput[],
) {
  const codes = [...new Set(rows.flatMap((r) => (r.discount ? [r.discount] : [])))];
  const [subs, coupons, usages] = await Promise.all([
    subscriptions ?? userSubscriptions(db, userId),
    findCoupons(db, codes),
    couponUsages(db, userId, codes),
  ]);
  const premiumPlus = hasPremiumPlus(subs, now);
  const included = planAddOns(subs, now);
  return (row: OrderRow): PricingInputs => ({
    premiumPlus,
    planAddOns: included,
    coupon: row.discount ? coupons.get(row.discount) : undefined,
    usage: (): CouponUsage => {
      const code = row.discount ?? '';
      const others = usages.mine.filter((o) => o.id !== row.id);
      const selfCounted = row.clientPaidAtFirst !== null && row.discount === code ? 1 : 0;
      return {
        paidOrdersCount: others.length,
        userUses: others.filter((o) => o.code === code).length,
        totalUses: (usages.totals.get(code) ?? 0) - selfCounted,
      };
    },
  });
}
