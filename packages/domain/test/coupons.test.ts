import { describe, expect, it } from 'vitest';
import {
  type Coupon,
  type CouponUsage,
  checkCoupon,
  DISCOUNT_ERROR_TYPES,
  type DiscountErrorType,
  discountErrorText,
} from '../src/pricing/coupons.ts';

const now = new Date('2026-05-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const DAY = 86_400_000;

// An active 25% code with no limits; each case changes what its rule needs.
const coupon: Coupon = {
  code: 'NEWUSER',
  discountType: 'percentage',
  percentOff: 25,
  minPriceCents: 0,
  firstOrdersLimit: null,
  perUserLimit: null,
  totalLimit: null,
  validFrom: null,
  validUntil: null,
  active: true,
  freeAddOn: null,
};
const noUse: CouponUsage = { paidOrdersCount: 0, userUses: 0, totalUses: 0 };
const check = (
  c: Partial<Coupon> | undefined,
  usage: Partial<CouponUsage> = {},
  workCents: number | null = 10000,
) =>
  checkCoupon(c === undefined ? undefined : { ...coupon, ...c }, 'NEWUSER', {
    now,
    usage: { ...noUse, ...usage },
    workCents,
  });
const fails = (errorType: DiscountErrorType, errorValue: number | null = null) => ({
  valid: false,
  errorType,
  errorValue,
});

describe('checkCoupon: each rule', () => {
  it('accepts a valid code and returns the coupon', () => {
    const c = { ...coupon };
    const r = checkCoupon(c, 'NEWUSER', { now, usage: noUse, workCents: 10000 });
    expect(r).toEqual({ valid: true, coupon: c });
    expect(r.valid && r.coupon).toBe(c);
  });
  it("reports 'empty' for an empty code", () => {
    expect(checkCoupon(coupon, '', { now, usage: noUse, workCents: 10000 })).toEqual(fails('empty'));
    expect(checkCoupon(undefined, '', { now, usage: noUse, workCents: 10000 })).toEqual(fails('empty'));
  });
  it("reports 'code' for an unknown code", () => {
    expect(check(undefined)).toEqual(fails('code'));
  });
  it("reports 'status' for a switched-off code", () => {
    expect(check({ active: false })).toEqual(fails('status'));
  });
  it("reports 'status' before validFrom, and accepts from validFrom on", () => {
    expect(check({ validFrom: at(1) })).toEqual(fails('status'));
    expect(check({ validFrom: at(DAY) })).toEqual(fails('status'));
    expect(check({ validFrom: at(0) }).valid).toBe(true);
    expect(check({ validFrom: at(-DAY) }).valid).toBe(true);
  });
  it("reports 'expiration' from validUntil on (validUntil is exclusive)", () => {
    expect(check({ validUntil: at(0) })).toEqual(fails('expiration'));
    expect(check({ validUntil: at(-DAY) })).toEqual(fails('expiration'));
    expect(check({ validUntil: at(1) }).valid).toBe(true);
  });
  it("reports 'paid_orders' with the limit once the client has that many paid tasks", () => {
    expect(check({ firstOrdersLimit: 5 }, { paidOrdersCount: 4 }).valid).toBe(true);
    expect(check({ firstOrdersLimit: 5 }, { paidOrdersCount: 5 })).toEqual(fails('paid_orders', 5));
    expect(check({ firstOrdersLimit: 5 }, { paidOrdersCount: 9 })).toEqual(fails('paid_orders', 5));
    // first task only
    expect(check({ firstOrdersLimit: 1 }, { paidOrdersCount: 0 }).valid).toBe(true);
    expect(check({ firstOrdersLimit: 1 }, { paidOrdersCount: 1 })).toEqual(fails('paid_orders', 1));
  });
  it("reports 'used' once the client has used it up", () => {
    expect(check({ perUserLimit: 1 }, { userUses: 0 }).valid).toBe(true);
    expect(check({ perUserLimit: 1 }, { userUses: 1 })).toEqual(fails('used'));
    expect(check({ perUserLimit: 3 }, { userUses: 2 }).valid).toBe(true);
    expect(check({ perUserLimit: 3 }, { userUses: 3 })).toEqual(fails('used'));
  });
  it("reports 'paid_orders_max' with the limit once every client together reached it", () => {
    expect(check({ totalLimit: 100 }, { totalUses: 99 }).valid).toBe(true);
    expect(check({ totalLimit: 100 }, { totalUses: 100 })).toEqual(fails('paid_orders_max', 100));
  });
  it('ignores limits that are not set, however much the code was used', () => {
    expect(check({}, { paidOrdersCount: 1000, userUses: 1000, totalUses: 1e6 }).valid).toBe(true);
  });
  it("reports 'min_price' with the minimum below it, and accepts at the minimum", () => {
    expect(check({ minPriceCents: 5000 }, {}, 4999)).toEqual(fails('min_price', 5000));
    expect(check({ minPriceCents: 5000 }, {}, 0)).toEqual(fails('min_price', 5000));
    expect(check({ minPriceCents: 5000 }, {}, 5000).valid).toBe(true);
    expect(check({ minPriceCents: 5000 }, {}, 5001).valid).toBe(true);
  });
  it('does not check the minimum while the task has no price', () => {
    expect(check({ minPriceCents: 5000 }, {}, null).valid).toBe(true);
  });
});

describe('checkCoupon: the first failing rule wins', () => {
  it('an empty code wins over everything', () => {
    const broken: Coupon = { ...coupon, active: false, validUntil: at(-DAY), minPriceCents: 1e9 };
    expect(checkCoupon(broken, '', { now, usage: noUse, workCents: 1 })).toEqual(fails('empty'));
  });
  it("an inactive and expired code reports 'status'", () => {
    expect(check({ active: false, validUntil: at(-DAY) })).toEqual(fails('status'));
  });
  it("a not-yet-valid and expired code reports 'status'", () => {
    expect(check({ validFrom: at(DAY), validUntil: at(-DAY) })).toEqual(fails('status'));
  });
  it("an expired code over its limits reports 'expiration'", () => {
    expect(
      check(
        { validUntil: at(0), firstOrdersLimit: 1, perUserLimit: 1, totalLimit: 1, minPriceCents: 1e9 },
        { paidOrdersCount: 1, userUses: 1, totalUses: 1 },
        1,
      ),
    ).toEqual(fails('expiration'));
  });
  it("the first-tasks limit comes before the per-client limit: 'paid_orders'", () => {
    expect(
      check(
        { firstOrdersLimit: 2, perUserLimit: 1, totalLimit: 1, minPriceCents: 1e9 },
        { paidOrdersCount: 2, userUses: 1, totalUses: 1 },
        1,
      ),
    ).toEqual(fails('paid_orders', 2));
  });
  it("the per-client limit comes before the total limit: 'used'", () => {
    expect(
      check({ perUserLimit: 1, totalLimit: 1, minPriceCents: 1e9 }, { userUses: 1, totalUses: 1 }, 1),
    ).toEqual(fails('used'));
  });
  it("the total limit comes before the minimum price: 'paid_orders_max'", () => {
    expect(check({ totalLimit: 10, minPriceCents: 1e9 }, { totalUses: 10 }, 1)).toEqual(
      fails('paid_orders_max', 10),
    );
  });
  it("the minimum price comes last: 'min_price'", () => {
    expect(
      check(
        { firstOrdersLimit: 5, perUserLimit: 2, totalLimit: 10, minPriceCents: 2000 },
        { paidOrdersCount: 4, userUses: 1, totalUses: 9 },
        1999,
      ),
    ).toEqual(fails('min_price', 2000));
  });
});

describe('discountErrorText (docs/product/http-api.md)', () => {
  it('knows exactly the spec error types', () => {
    expect([...DISCOUNT_ERROR_TYPES].sort()).toEqual(
      [
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
      ].sort(),
    );
  });
  it.each([
    ['expiration', 'This code has expired.'],
    ['paid_orders', "This code can't be applied for this order."],
    ['paid_orders_max', "This code can't be applied for this order."],
    ['used', "This code can't be applied for this order. You've already used it with another order."],
    ['code', 'This code is not valid.'],
    ['site', 'This code is not valid.'],
    ['status', 'This code is not valid.'],
    ['owner', 'This code is not valid.'],
    ['balance', 'This code is not valid.'],
    ['empty', 'Please, enter a coupon code.'],
  ] as const)('%s -> %j', (type, text) => {
    expect(discountErrorText(type)).toBe(text);
  });
  it.each([
    [5000, 'This code can be only applied for orders over $50.00.'],
    [1999, 'This code can be only applied for orders over $19.99.'],
    [123450, 'This code can be only applied for orders over $1,234.50.'],
    [5, 'This code can be only applied for orders over $0.05.'],
  ])('min_price with %s cents -> %j', (cents, text) => {
    expect(discountErrorText('min_price', cents)).toBe(text);
  });
  it('names $0.00 when the minimum is unknown', () => {
    expect(discountErrorText('min_price')).toBe('This code can be only applied for orders over $0.00.');
    expect(discountErrorText('min_price', null)).toBe('This code can be only applied for orders over $0.00.');
  });
  it('gives the text for what checkCoupon reports', () => {
    const r = check({ minPriceCents: 7500 }, {}, 7000);
    if (r.valid) throw new Error('expected a failure');
    expect(discountErrorText(r.errorType, r.errorValue)).toBe(
      'This code can be only applied for orders over $75.00.',
    );
  });
});
