// The coupons module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export { couponUsage, couponUsages, findCoupon, findCoupons } from './coupons.repository.ts';
