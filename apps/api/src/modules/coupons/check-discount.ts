import { centsToDollars } from '@geekly/domain/money.ts';
import {
  checkCoupon,
  type DiscountErrorType,
  type DiscountInfo,
  discountErrorText,
} from '@geekly/domain/pricing/coupons.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { couponUsage, findCoupon } from './coupons.repository.ts';

/** POST /discount_check: is this code valid for the caller (before any task's price is known)? */
export async function checkDiscount(ctx: AppContext, user: UserRow, code: string): Promise<DiscountInfo> {
  const db = ctx.database.db;
  const coupon = code ? await findCoupon(db, code) : undefined;
  const check = checkCoupon(coupon, code, {
    now: ctx.now(),
    usage: code
      ? await couponUsage(db, user.id, code, null)
      : { paidOrdersCount: 0, userUses: 0, totalUses: 0 },
    workCents: null,
  });
  const errorType: DiscountErrorType | null = check.valid ? null : check.errorType;
  return {
    code,
    value: coupon?.percentOff ?? 0,
    discount_type: 'percentage' as const,
    discount_valid: check.valid,
    discount_error_type: errorType,
    discount_error_value: check.valid ? null : check.errorValue,
    discount_error_text: check.valid ? null : discountErrorText(check.errorType, check.errorValue),
    min_price: centsToDollars(coupon?.minPriceCents ?? 0),
    add_on: coupon?.freeAddOn ?? null,
    applied_to: 'order' as const,
  };
}
