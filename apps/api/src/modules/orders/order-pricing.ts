import { isChangeable } from '@geekly/domain/orders/order-status.ts';
import type { AddedService, AddOnService } from '@geekly/domain/pricing/add-ons.ts';
import {
  type Coupon,
  type CouponCheck,
  type CouponUsage,
  checkCoupon,
} from '@geekly/domain/pricing/coupons.ts';
import { lockedOrderPrice, type OrderPrice, orderPrice } from '@geekly/domain/pricing/order-price.ts';
import { parsePages } from '@geekly/domain/pricing/quote.ts';
import { hasPremiumPlus } from '@geekly/domain/subscriptions/subscription-display.ts';
import { planAddOns } from '@geekly/domain/subscriptions/subscription-plans.ts';
import type { Db } from '../../db/database.ts';
import { couponUsage, findCoupon } from '../coupons/index.ts';
import { userSubscriptions } from '../subscriptions/index.ts';
import { statusInput } from './order-view.ts';
import type { OrderRow } from './orders.repository.ts';

export type PricedOrder = {
  price: OrderPrice;
  coupon: CouponCheck | null;
  changeable: boolean;
  /** The add-ons the client's plan includes now (decision 037). */
  planAddOns: readonly AddOnService[];
};

const orderServices = (row: OrderRow) => row.services as AddedService[];

/** What pricing reads besides the task itself: the client's Premium Plus, the coupon and how it was used. */
export type PricingInputs = {
  premiumPlus: boolean;
  planAddOns: readonly AddOnService[];
  coupon: Coupon | undefined;
  usage: () => CouponUsage | Promise<CouponUsage>;
};

/**
 * The server's price of a task at `now`. While the task is changeable the price follows the clock, the pages,
 * the coupon and the add-ons (docs/product/tasks-and-pricing.md); once paid, the work price is frozen and only add-ons change it.
 * `lockCoupon` takes the coupon's row lock (payments), so limited codes are not over-used concurrently.
 */
export async function priceOrder(
  db: Db,
  row: OrderRow,
  paidCents: number,
  now: Date,
  opts: { lockCoupon?: boolean; changeable?: boolean; premiumPlus?: boolean } = {},
): Promise<PricedOrder> {
  const coupon = row.discount
    ? await findCoupon(db, row.discount, { forUpdate: opts.lockCoupon })
    : undefined;
  const subs = await userSubscriptions(db, row.userId);
  const premiumPlus = opts.premiumPlus ?? hasPremiumPlus(subs, now);
  const usage = () => couponUsage(db, row.userId, row.discount ?? '', row.id);
  return priceOrderWith(
    row,
    paidCents,
    now,
    { premiumPlus, planAddOns: planAddOns(subs, now), coupon, usage },
    opts.changeable,
  );
}

/** The same price from inputs loaded beforehand (a page of tasks loads them once for all: pricing-inputs.ts). */
export async function priceOrderWith(
  row: OrderRow,
  paidCents: number,
  now: Date,
  inputs: PricingInputs,
  changeableOverride?: boolean,
): Promise<PricedOrder> {
  const changeable = changeableOverride ?? isChangeable(statusInput(row, paidCents));
  const pages = parsePages(row.size);
  const services = orderServices(row);
  if (!changeable) {
    return {
      changeable,
      coupon: null,
      planAddOns: inputs.planAddOns,
      price: lockedOrderPrice({
        now,
        deadline: row.deadline,
        pages,
        quoteCents: row.quotePriceCents,
        workCents: row.clientBasePriceCents,
        freeAddOn: (inputs.coupon?.freeAddOn as AddOnService | null | undefined) ?? null,
        services,
        planAddOns: inputs.planAddOns,
      }),
    };
  }
  const base = {
    now,
    deadline: row.deadline,
    pages,
    requestType: row.requestType,
    premiumPlus: inputs.premiumPlus,
    services,
    planAddOns: inputs.planAddOns,
  };
  let coupon: CouponCheck | null = null;
  if (row.discount) {
    const undiscounted = orderPrice({ ...base, coupon: null });
    coupon = checkCoupon(inputs.coupon, row.discount, {
      now,
      usage: await inputs.usage(),
      workCents: undiscounted.quoteCents,
    });
  }
  return { changeable, coupon, planAddOns: inputs.planAddOns, price: orderPrice({ ...base, coupon }) };
}
