import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADD_ON_SERVICES,
  type AddedService,
  type AddOnService,
  COUPON_ADD_ON_KINDS,
} from '../src/pricing/add-ons.ts';
import { type Coupon, type CouponCheck, checkCoupon } from '../src/pricing/coupons.ts';
import { lockedOrderPrice, type OrderPriceInput, orderPrice } from '../src/pricing/order-price.ts';
import { minHoursForPages } from '../src/pricing/quote.ts';

const HOUR = 3_600_000;
const now = new Date('2026-05-01T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * HOUR);

const coupon = (c: Partial<Coupon> = {}): Coupon => ({
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
  ...c,
});
const valid = (c: Partial<Coupon> = {}): CouponCheck => ({ valid: true, coupon: coupon(c) });

// 5 pages due in 100 hours, no coupon, no add-ons; each case changes what it needs.
const base: OrderPriceInput = {
  now,
  deadline: inHours(100),
  pages: 5,
  requestType: 'Essay',
  premiumPlus: false,
  coupon: null,
  services: [],
};
const price = (i: Partial<OrderPriceInput>) => orderPrice({ ...base, ...i });

describe('orderPrice: examples', () => {
  it('5 pages due in 100 hours: 5 × $26.55 = $132.75, deposit $39.83, remainder $92.92', () => {
    expect(orderPrice(base)).toEqual({
      pages: 5,
      hoursLeft: 100,
      minDeadline: inHours(7),
      badDeadline: false,
      quoteCents: 13275,
      discountCents: 0,
      workCents: 13275,
      freeAddOn: null,
      services: [],
      addOnsCents: 0,
      priceCents: 13275,
      // 30% of 13275 = 3982.5, rounded half up
      depositCents: 3983,
      remainderCents: 9292,
    });
  });
  it('takes the per-page price of the band the hours left fall in', () => {
    expect(price({ deadline: inHours(96) }).priceCents).toBe(5 * 2655);
    expect(price({ deadline: inHours(95.99) }).priceCents).toBe(5 * 3115);
    expect(price({ deadline: inHours(168) }).priceCents).toBe(5 * 2425);
    expect(price({ deadline: inHours(7) }).priceCents).toBe(5 * 4625);
    expect(price({ deadline: inHours(12) }).priceCents).toBe(5 * 4115);
    expect(price({ pages: 1, deadline: inHours(30) }).priceCents).toBe(3545);
  });
  it('takes 25% off with a NEWUSER-like code: $132.75 - $33.19 = $99.56', () => {
    const p = price({ coupon: valid({ percentOff: 25 }) });
    expect(p).toMatchObject({
      quoteCents: 13275,
      // 25% of 13275 = 3318.75 -> 3319
      discountCents: 3319,
      workCents: 9956,
      priceCents: 9956,
      // 30% of 9956 = 2986.8 -> 2987
      depositCents: 2987,
      remainderCents: 6969,
    });
  });
  it('ignores a coupon that failed its check', () => {
    const p = price({ coupon: { valid: false, errorType: 'expiration', errorValue: null } });
    expect(p).toMatchObject({ quoteCents: 13275, discountCents: 0, workCents: 13275, priceCents: 13275 });
    expect(p.freeAddOn).toBeNull();
  });
  it('applies a code only from its minimum price on (min_price checked on the undiscounted quote)', () => {
    const at = (minPriceCents: number) => {
      const check = checkCoupon(coupon({ minPriceCents }), 'NEWUSER', {
        now,
        usage: { paidOrdersCount: 0, userUses: 0, totalUses: 0 },
        workCents: price({}).quoteCents,
      });
      return { check, p: price({ coupon: check }) };
    };
    const atMin = at(13275);
    expect(atMin.check.valid).toBe(true);
    expect(atMin.p.priceCents).toBe(9956);
    const below = at(13276);
    expect(below.check).toEqual({ valid: false, errorType: 'min_price', errorValue: 13276 });
    expect(below.p.priceCents).toBe(13275);
  });
  it('adds add-ons: VIP $9.99 + TOP Geek 25% of $132.75 ($33.19) = $43.18', () => {
    const p = price({ services: [{ tag: 'adv_vip_support' }, { tag: 'top_writer' }] });
    expect(p).toMatchObject({
      workCents: 13275,
      addOnsCents: 4318,
      priceCents: 17593,
      // 30% of 17593 = 5277.9 -> 5278
      depositCents: 5278,
      remainderCents: 12315,
    });
  });
  it('takes a percent add-on from the discounted work: 25% of $99.56 = $24.89', () => {
    const p = price({ coupon: valid({ percentOff: 25 }), services: [{ tag: 'top_writer' }] });
    expect(p).toMatchObject({ workCents: 9956, addOnsCents: 2489, priceCents: 12445 });
  });
  it("does not charge for the coupon's free add-on", () => {
    const p = price({
      coupon: valid({ percentOff: 10, freeAddOn: 'adv_vip_support' }),
      services: [{ tag: 'adv_vip_support' }, { tag: 'adv_plagreport' }],
    });
    // 10% of 13275 = 1327.5 -> 1328 off
    expect(p).toMatchObject({
      freeAddOn: 'adv_vip_support',
      discountCents: 1328,
      workCents: 11947,
      addOnsCents: 799,
      priceCents: 12746,
    });
  });
  it('a 100% code leaves only the paid add-ons', () => {
    const p = price({
      coupon: valid({ percentOff: 100 }),
      services: [{ tag: 'adv_plagreport' }, { tag: 'top_writer' }],
    });
    expect(p).toMatchObject({
      quoteCents: 13275,
      discountCents: 13275,
      workCents: 0,
      addOnsCents: 799,
      priceCents: 799,
    });
  });
});

describe('orderPrice: the request type is measured as its field measures it', () => {
  it('ignores leading spaces', () => {
    expect(price({ requestType: `   ${'x'.repeat(30)}` }).priceCents).not.toBeNull();
  });
});

describe('orderPrice: no price', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', null],
    ['31 characters long', 'x'.repeat(31)],
    ['31 characters with a trailing space (only leading spaces are trimmed)', `${'x'.repeat(30)} `],
  ])('has no price when the request type is %s', (_, requestType) => {
    const p = price({ requestType, services: [{ tag: 'adv_vip_support' }] });
    expect(p).toMatchObject({
      quoteCents: null,
      workCents: null,
      priceCents: null,
      depositCents: null,
      remainderCents: null,
      discountCents: 0,
      addOnsCents: 0,
    });
    // the deadline is still judged: it depends on the pages only
    expect(p.badDeadline).toBe(false);
    expect(p.minDeadline).toEqual(inHours(7));
  });
  it('prices a request type of exactly 30 characters, leading spaces not counted', () => {
    expect(price({ requestType: 'x'.repeat(30) }).priceCents).toBe(13275);
    expect(price({ requestType: `  ${'x'.repeat(30)}` }).priceCents).toBe(13275);
  });
  it('has no price, no minimum and no bad deadline while the pages are unknown', () => {
    for (const deadline of [inHours(100), inHours(1), inHours(-5)]) {
      const p = price({ pages: null, deadline, services: [{ tag: 'adv_vip_support' }] });
      expect(p).toMatchObject({
        pages: null,
        badDeadline: false,
        minDeadline: null,
        quoteCents: null,
        workCents: null,
        addOnsCents: 0,
        priceCents: null,
        depositCents: null,
        remainderCents: null,
      });
    }
  });
  it('flags a bad deadline and has no price under the minimum hours (5 pages: 7 h)', () => {
    const p = price({ deadline: inHours(6.99) });
    expect(p).toMatchObject({
      badDeadline: true,
      minDeadline: inHours(7),
      quoteCents: null,
      priceCents: null,
      depositCents: null,
    });
    expect(price({ deadline: inHours(7) })).toMatchObject({ badDeadline: false, priceCents: 5 * 4625 });
  });
  it('flags a deadline in the past as bad', () => {
    const p = price({ deadline: inHours(-1) });
    expect(p.hoursLeft).toBe(-1);
    expect(p.badDeadline).toBe(true);
    expect(p.priceCents).toBeNull();
  });
  it('flags a bad deadline even while the request type is missing', () => {
    expect(price({ requestType: '', deadline: inHours(2) }).badDeadline).toBe(true);
  });
});

describe('orderPrice: premium plus', () => {
  it('makes 1 page due in 2 hours valid (minimum 3 h, 2 h with premium plus)', () => {
    const plain = price({ pages: 1, deadline: inHours(2) });
    expect(plain).toMatchObject({ badDeadline: true, priceCents: null, minDeadline: inHours(3) });
    const premium = price({ pages: 1, deadline: inHours(2), premiumPlus: true });
    expect(premium).toMatchObject({
      badDeadline: false,
      minDeadline: inHours(2),
      priceCents: 4625,
      // 30% of 4625 = 1387.5 -> 1388
      depositCents: 1388,
      remainderCents: 3237,
    });
  });
  it('lowers the minimum by 1 hour at 7 pages (9 h -> 8 h) but not at 8 pages (12 h)', () => {
    expect(price({ pages: 7, deadline: inHours(8) }).badDeadline).toBe(true);
    expect(price({ pages: 7, deadline: inHours(8), premiumPlus: true })).toMatchObject({
      badDeadline: false,
      priceCents: 7 * 4625,
    });
    expect(price({ pages: 8, deadline: inHours(11), premiumPlus: true }).badDeadline).toBe(true);
    expect(price({ pages: 8, deadline: inHours(11.99), premiumPlus: true }).minDeadline).toEqual(inHours(12));
  });
});

describe('lockedOrderPrice', () => {
  const paid = {
    now,
    deadline: inHours(100),
    pages: 5,
    quoteCents: 13275,
    workCents: 9956,
    freeAddOn: null,
    services: [] as AddedService[],
  };
  it('keeps the paid work price and adds add-ons bought later', () => {
    expect(lockedOrderPrice({ ...paid, services: [{ tag: 'adv_vip_support' }] })).toEqual({
      pages: 5,
      hoursLeft: 100,
      minDeadline: null,
      badDeadline: false,
      quoteCents: 13275,
      discountCents: 3319,
      workCents: 9956,
      freeAddOn: null,
      services: [{ tag: 'adv_vip_support' }],
      addOnsCents: 999,
      priceCents: 10955,
      // 30% of 10955 = 3286.5 -> 3287
      depositCents: 3287,
      remainderCents: 7668,
    });
  });
  it('no longer follows the clock: a deadline that has passed changes only the hours left', () => {
    const later = lockedOrderPrice({ ...paid, now: inHours(150) });
    expect(later).toMatchObject({ hoursLeft: -50, badDeadline: false, priceCents: 9956, workCents: 9956 });
  });
  it('prices percent add-ons from the paid work price and skips the free one', () => {
    const p = lockedOrderPrice({
      ...paid,
      freeAddOn: 'adv_vip_support',
      services: [{ tag: 'top_writer' }, { tag: 'adv_vip_support' }],
    });
    expect(p).toMatchObject({ freeAddOn: 'adv_vip_support', addOnsCents: 2489, priceCents: 12445 });
  });
  it('has no price without a work price, and no discount without a quote', () => {
    expect(
      lockedOrderPrice({ ...paid, workCents: null, services: [{ tag: 'adv_vip_support' }] }),
    ).toMatchObject({
      workCents: null,
      addOnsCents: 0,
      priceCents: null,
      depositCents: null,
      remainderCents: null,
      discountCents: 0,
    });
    expect(lockedOrderPrice({ ...paid, quoteCents: null }).discountCents).toBe(0);
  });
});

// ---- properties ----

const FREE_KINDS = Object.values(COUPON_ADD_ON_KINDS);
const pagesArb = fc.integer({ min: 1, max: 50 });
/** Milliseconds from now to the deadline: an hour in the past to about 3 weeks ahead, not on whole hours only. */
const offsetArb = fc.integer({ min: -HOUR, max: 500 * HOUR });
const percentArb = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }));
const freeArb = fc.option(fc.constantFrom<AddOnService>(...FREE_KINDS), { nil: null });
const couponArb: fc.Arbitrary<CouponCheck | null> = fc.option(
  fc.record({ percentOff: percentArb, freeAddOn: freeArb }).map((c) => valid(c)),
  { nil: null },
);
const servicesArb: fc.Arbitrary<AddedService[]> = fc
  .subarray([...ADD_ON_SERVICES])
  .map((tags) => tags.map((tag) => (tag === 'client_recomended_writer' ? { tag, writerId: 'g1' } : { tag })));
const inputArb: fc.Arbitrary<OrderPriceInput> = fc.record({
  now: fc.constant(now),
  deadline: offsetArb.map((ms) => new Date(now.getTime() + ms)),
  pages: fc.option(pagesArb, { nil: null }),
  requestType: fc.constantFrom('Essay', 'Help me with my homework', '', 'x'.repeat(31), null),
  premiumPlus: fc.boolean(),
  coupon: couponArb,
  services: servicesArb,
});
/** A deadline no earlier than the minimum for the pages. */
const validDeadline = (pages: number, premiumPlus: boolean, extraMs: number) =>
  new Date(now.getTime() + minHoursForPages(pages, { premiumPlus }) * HOUR + extraMs);

describe('orderPrice: properties', () => {
  it('deposit + remainder = price, both non-negative integers, the deposit 30% to the cent', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = orderPrice(input);
        if (p.priceCents === null) {
          expect(p.depositCents).toBeNull();
          expect(p.remainderCents).toBeNull();
          return;
        }
        const { depositCents, remainderCents } = p;
        if (depositCents === null || remainderCents === null) throw new Error('a price without its split');
        expect(Number.isInteger(depositCents)).toBe(true);
        expect(Number.isInteger(remainderCents)).toBe(true);
        expect(depositCents).toBeGreaterThanOrEqual(0);
        expect(remainderCents).toBeGreaterThanOrEqual(0);
        expect(depositCents + remainderCents).toBe(p.priceCents);
        expect(Math.abs(depositCents - p.priceCents * 0.3)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('a later deadline never costs more', () => {
    fc.assert(
      fc.property(
        pagesArb,
        fc.boolean(),
        couponArb,
        servicesArb,
        offsetArb,
        offsetArb,
        (pages, premiumPlus, c, services, a, b) => {
          const [early, late] = a <= b ? [a, b] : [b, a];
          const at = (ms: number) =>
            orderPrice({
              ...base,
              pages,
              premiumPlus,
              coupon: c,
              services,
              deadline: new Date(now.getTime() + ms),
            });
          const pe = at(early);
          const pl = at(late);
          // a deadline that can be met stays so when moved later
          if (pe.priceCents !== null) expect(pl.priceCents).not.toBeNull();
          if (pe.priceCents !== null && pl.priceCents !== null) {
            expect(pl.priceCents).toBeLessThanOrEqual(pe.priceCents);
            expect(pl.quoteCents ?? 0).toBeLessThanOrEqual(pe.quoteCents ?? 0);
          }
        },
      ),
    );
  });

  it('a discount never makes a price negative or larger than the undiscounted one', () => {
    fc.assert(
      fc.property(
        pagesArb,
        fc.boolean(),
        fc.integer({ min: 0, max: 300 * HOUR }),
        percentArb,
        freeArb,
        servicesArb,
        (pages, premiumPlus, extraMs, percentOff, freeAddOn, services) => {
          const input = {
            ...base,
            pages,
            premiumPlus,
            services,
            deadline: validDeadline(pages, premiumPlus, extraMs),
          };
          const full = orderPrice(input);
          const off = orderPrice({ ...input, coupon: valid({ percentOff, freeAddOn }) });
          if (full.quoteCents === null || off.quoteCents === null || off.workCents === null)
            throw new Error('a valid deadline without a price');
          if (full.priceCents === null || off.priceCents === null) throw new Error('a quote without a price');
          expect(off.quoteCents).toBe(full.quoteCents);
          expect(full.workCents).toBe(full.quoteCents);
          expect(full.discountCents).toBe(0);
          expect(off.workCents).toBeGreaterThanOrEqual(0);
          expect(off.workCents).toBeLessThanOrEqual(off.quoteCents);
          expect(off.discountCents).toBe(off.quoteCents - off.workCents);
          expect(off.discountCents).toBeGreaterThanOrEqual(0);
          expect(off.priceCents).toBeGreaterThanOrEqual(0);
          expect(off.priceCents).toBeLessThanOrEqual(full.priceCents);
          // the discount is the percentage, rounded to the cent
          expect(Math.abs(off.discountCents - (off.quoteCents * percentOff) / 100)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it('add-ons only ever add', () => {
    fc.assert(
      fc.property(
        pagesArb,
        fc.integer({ min: 0, max: 300 * HOUR }),
        couponArb,
        servicesArb,
        (pages, extraMs, c, services) => {
          const input = { ...base, pages, coupon: c, deadline: validDeadline(pages, false, extraMs) };
          const p = orderPrice({ ...input, services });
          const none = orderPrice({ ...input, services: [] });
          if (p.priceCents === null || p.workCents === null)
            throw new Error('a valid deadline without a price');
          expect(p.workCents).toBe(none.workCents);
          expect(none.priceCents).toBe(none.workCents);
          expect(p.priceCents).toBeGreaterThanOrEqual(p.workCents);
          expect(p.priceCents - p.workCents).toBe(p.addOnsCents);
          const free = p.freeAddOn;
          if (free !== null) {
            // the free add-on alone adds nothing
            expect(orderPrice({ ...input, services: [{ tag: free }] }).priceCents).toBe(p.workCents);
          }
          // a fixed-price add-on the coupon does not grant always adds its price
          const fixed = services.filter(
            (s) =>
              s.tag !== free &&
              ['adv_vip_support', 'client_recomended_writer', 'adv_plagreport'].includes(s.tag),
          );
          if (fixed.length > 0) expect(p.priceCents).toBeGreaterThan(p.workCents);
        },
      ),
    );
  });

  it('every amount is a whole number of cents', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = orderPrice(input);
        for (const v of [p.priceCents, p.quoteCents, p.workCents, p.depositCents, p.remainderCents])
          if (v !== null) expect(Number.isSafeInteger(v)).toBe(true);
        expect(Number.isSafeInteger(p.discountCents)).toBe(true);
        expect(Number.isSafeInteger(p.addOnsCents)).toBe(true);
      }),
    );
  });

  it('the locked price of a task equals its price at payment time while the add-ons stay the same', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 1000 * HOUR }), (input, laterMs) => {
        const atPayment = orderPrice(input);
        const locked = lockedOrderPrice({
          now: new Date(now.getTime() + laterMs),
          deadline: input.deadline,
          pages: input.pages,
          quoteCents: atPayment.quoteCents,
          workCents: atPayment.workCents,
          freeAddOn: atPayment.freeAddOn,
          services: input.services,
        });
        expect(locked.priceCents).toBe(atPayment.priceCents);
        expect(locked.discountCents).toBe(atPayment.discountCents);
        expect(locked.depositCents).toBe(atPayment.depositCents);
        expect(locked.badDeadline).toBe(false);
      }),
    );
  });
});

describe("a plan's included add-ons (decision 037)", () => {
  const paid = {
    now,
    deadline: inHours(100),
    pages: 5,
    quoteCents: 13275,
    workCents: 9956,
    freeAddOn: null,
    services: [] as AddedService[],
  };
  const plan = ['adv_plagreport', 'prioritize_my_task'] as const;
  it('adds them to an unpaid task at $0, and makes a chosen one free', () => {
    const p = price({ planAddOns: plan, services: [{ tag: 'adv_plagreport' }, { tag: 'top_writer' }] });
    expect(p.services).toEqual([
      { tag: 'adv_plagreport', included: true },
      { tag: 'top_writer' },
      { tag: 'prioritize_my_task', included: true },
    ]);
    // Only TOP Geek is charged: 25% of 13275.
    expect(p.addOnsCents).toBe(3319);
    expect(p.priceCents).toBe(13275 + 3319);
  });
  it('keeps a paid add-on at its price on a locked task, and adds the rest at $0', () => {
    const p = lockedOrderPrice({ ...paid, services: [{ tag: 'adv_plagreport' }], planAddOns: plan });
    expect(p.services).toEqual([{ tag: 'adv_plagreport' }, { tag: 'prioritize_my_task', included: true }]);
    expect(p.addOnsCents).toBe(799);
  });
  it('keeps add-ons included at payment free after the plan ends', () => {
    const p = lockedOrderPrice({
      ...paid,
      services: [{ tag: 'adv_plagreport', included: true }],
      planAddOns: [],
    });
    expect(p.addOnsCents).toBe(0);
    expect(p.priceCents).toBe(9956);
  });
});
