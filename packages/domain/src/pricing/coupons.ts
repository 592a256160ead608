// docs/product/tasks-and-pricing.md "Discount info entry" and docs/product/tasks-and-pricing.md coupon errors; docs/product/tasks-and-pricing.md NEWUSER.
import { z } from 'zod';
import { formatDollars } from '../money.ts';
import type { AddOnService } from './add-ons.ts';

export const DISCOUNT_ERROR_TYPES = [
  'expiration',
  'paid_orders',
  'paid_orders_max',
  'min_price',
  'used',
  'code',
  'site',
  'status',
  'owner',
  'balance',
  'empty',
] as const;
export type DiscountErrorType = (typeof DISCOUNT_ERROR_TYPES)[number];

export type Coupon = {
  code: string;
  discountType: 'percentage';
  percentOff: number;
  minPriceCents: number;
  /** "First N tasks": valid while the client has fewer than N paid tasks. */
  firstOrdersLimit: number | null;
  /** How many of one client's paid tasks may carry the code. */
  perUserLimit: number | null;
  /** How many paid tasks, across all clients, may carry the code. */
  totalLimit: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  active: boolean;
  /** An add-on the code grants for free (docs/product/tasks-and-pricing.md "value kinds acting as add-ons"). */
  freeAddOn: AddOnService | null;
};

export type CouponUsage = {
  /** The client's paid tasks other than this one. */
  paidOrdersCount: number;
  /** The client's other paid tasks that carry this code. */
  userUses: number;
  /** Paid tasks of every client (other than this one) that carry this code. */
  totalUses: number;
};

export type CouponCheck =
  | { valid: true; coupon: Coupon }
  | { valid: false; errorType: DiscountErrorType; errorValue: number | null };

/**
 * The first failing rule wins: a missing or switched-off code, dates, then the limits, then the task's
 * price. `workCents` is the undiscounted quote, or null while the task has none (the minimum then waits).
 */
export function checkCoupon(
  coupon: Coupon | undefined,
  code: string,
  ctx: { now: Date; usage: CouponUsage; workCents: number | null },
): CouponCheck {
  const fail = (errorType: DiscountErrorType, errorValue: number | null = null): CouponCheck => ({
    valid: false,
    errorType,
    errorValue,
  });
  if (code === '') return fail('empty');
  if (!coupon) return fail('code');
  if (!coupon.active) return fail('status');
  const t = ctx.now.getTime();
  if (coupon.validFrom && t < coupon.validFrom.getTime()) return fail('status');
  if (coupon.validUntil && t >= coupon.validUntil.getTime()) return fail('expiration');
  if (coupon.firstOrdersLimit !== null && ctx.usage.paidOrdersCount >= coupon.firstOrdersLimit)
    return fail('paid_orders', coupon.firstOrdersLimit);
  if (coupon.perUserLimit !== null && ctx.usage.userUses >= coupon.perUserLimit) return fail('used');
  if (coupon.totalLimit !== null && ctx.usage.totalUses >= coupon.totalLimit)
    return fail('paid_orders_max', coupon.totalLimit);
  if (ctx.workCents !== null && ctx.workCents < coupon.minPriceCents)
    return fail('min_price', coupon.minPriceCents);
  return { valid: true, coupon };
}

/** docs/product/tasks-and-pricing.md: the text for each discount_error_type; min_price names the minimum in dollars. */
export function discountErrorText(type: DiscountErrorType, minPriceCents?: number | null): string {
  switch (type) {
    case 'expiration':
      return 'This code has expired.';
    case 'paid_orders':
    case 'paid_orders_max':
      return "This code can't be applied for this order.";
    case 'min_price':
      return `This code can be only applied for orders over ${formatDollars(minPriceCents ?? 0)}.`;
    case 'used':
      return "This code can't be applied for this order. You've already used it with another order.";
    case 'empty':
      return 'Please, enter a coupon code.';
    default:
      return 'This code is not valid.';
  }
}

/** POST /discount_check's answer: is the code valid for the caller, before any task's price is known. */
export const discountInfoSchema = z.object({
  code: z.string(),
  value: z.number().describe('percent off'),
  discount_type: z.literal('percentage'),
  discount_valid: z.boolean(),
  discount_error_type: z.string().nullable(),
  discount_error_value: z.number().nullable(),
  discount_error_text: z.string().nullable(),
  min_price: z.number().describe('US dollars'),
  add_on: z.string().nullable().describe('an add-on the code grants for free'),
  applied_to: z.literal('order'),
});
export type DiscountInfo = z.output<typeof discountInfoSchema>;
