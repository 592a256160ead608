import { type CouponCheck, discountErrorText } from '@geekly/domain/pricing/coupons.ts';
import { AppError, type ErrorCode } from '../../lib/app-error.ts';

/** An invalid code as the API answers it: docs/product/tasks-and-pricing.md's text, with its discount_error_type. */
export function couponRefusal(check: Extract<CouponCheck, { valid: false }>, code: ErrorCode) {
  const text = discountErrorText(check.errorType, check.errorValue);
  return new AppError(code, text, {
    errorType: 'discount',
    errorValue: { discount: text, discount_error_type: check.errorType },
  });
}
