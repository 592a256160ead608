// The whole price of a task, as the server stores it and the browser shows it (docs/product/http-api.md "Orders"):
// quote_price = per-page price for the hours left × pages; client_base_price = quote − coupon discount;
// price = client_base_price + add-ons; partial_price = the 30% deposit of price.

import { REQUEST_TYPE_MAX } from '../orders/order-form-schemas.ts';
import { type AddedService, type AddOnService, addOnsTotalCents, withPlanAddOns } from './add-ons.ts';
import type { CouponCheck } from './coupons.ts';
import { applyPercentOff, hoursLeft, isBadDeadline, minDeadline, quoteCents, splitDeposit } from './quote.ts';

export type OrderPriceInput = {
  now: Date;
  deadline: Date;
  pages: number | null;
  requestType: string | null;
  premiumPlus: boolean;
  coupon: CouponCheck | null;
  services: readonly AddedService[];
  /** The add-ons the client's plan includes (decision 037). */
  planAddOns?: readonly AddOnService[];
};

export type OrderPrice = {
  pages: number | null;
  hoursLeft: number;
  /** The earliest deadline for these pages; null until the pages are known. */
  minDeadline: Date | null;
  /** docs/product/tasks-and-pricing.md: pages set and the deadline earlier than their minimum. */
  badDeadline: boolean;
  quoteCents: number | null;
  discountCents: number;
  workCents: number | null;
  freeAddOn: AddOnService | null;
  /** The task's add-ons with the plan's included ones (decision 037): what the price counts. */
  services: AddedService[];
  addOnsCents: number;
  priceCents: number | null;
  depositCents: number | null;
  remainderCents: number | null;
};

export function orderPrice(input: OrderPriceInput): OrderPrice {
  const opts = { premiumPlus: input.premiumPlus };
  const left = hoursLeft(input.now, input.deadline);
  // As the request type field does (docs/product/tasks-and-pricing.md): only leading spaces are trimmed.
  const type = input.requestType?.trimStart() ?? '';
  const validType = type.length > 0 && type.length <= REQUEST_TYPE_MAX;
  const pages = input.pages;
  const badDeadline = pages !== null && isBadDeadline(input.now, input.deadline, pages, opts);
  const quote = pages !== null && validType ? quoteCents(input.now, input.deadline, pages, opts) : null;
  const coupon = input.coupon?.valid ? input.coupon.coupon : null;
  const freeAddOn = coupon?.freeAddOn ?? null;
  const workCents = quote === null ? null : applyPercentOff(quote, coupon?.percentOff ?? 0);
  const services = withPlanAddOns(input.services, input.planAddOns ?? [], false);
  const addOnsCents = workCents === null ? 0 : addOnsTotalCents(services, workCents, freeAddOn);
  const priceCents = workCents === null ? null : workCents + addOnsCents;
  const split = priceCents === null ? null : splitDeposit(priceCents);
  return {
    pages,
    hoursLeft: left,
    minDeadline: pages === null ? null : minDeadline(input.now, pages, opts),
    badDeadline,
    quoteCents: quote,
    discountCents: quote === null || workCents === null ? 0 : quote - workCents,
    workCents,
    freeAddOn,
    services,
    addOnsCents,
    priceCents,
    depositCents: split?.depositCents ?? null,
    remainderCents: split?.remainderCents ?? null,
  };
}

/**
 * A paid task's price no longer follows the clock: its work price is the one paid for; only add-ons bought
 * later change the total.
 */
export function lockedOrderPrice(input: {
  now: Date;
  deadline: Date;
  pages: number | null;
  quoteCents: number | null;
  workCents: number | null;
  freeAddOn: AddOnService | null;
  services: readonly AddedService[];
  planAddOns?: readonly AddOnService[];
}): OrderPrice {
  const { workCents } = input;
  const services = withPlanAddOns(input.services, input.planAddOns ?? [], true);
  const addOnsCents = workCents === null ? 0 : addOnsTotalCents(services, workCents, input.freeAddOn);
  const priceCents = workCents === null ? null : workCents + addOnsCents;
  const split = priceCents === null ? null : splitDeposit(priceCents);
  return {
    pages: input.pages,
    hoursLeft: hoursLeft(input.now, input.deadline),
    minDeadline: null,
    badDeadline: false,
    quoteCents: input.quoteCents,
    discountCents: input.quoteCents !== null && workCents !== null ? input.quoteCents - workCents : 0,
    workCents,
    freeAddOn: input.freeAddOn,
    services,
    addOnsCents,
    priceCents,
    depositCents: split?.depositCents ?? null,
    remainderCents: split?.remainderCents ?? null,
  };
}
