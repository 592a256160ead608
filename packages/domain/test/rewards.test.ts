import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashbackCents, REFERRAL_BONUS_CENTS, refundSplit } from '../src/payments/rewards.ts';

describe('cashback', () => {
  it('is the percentage of the price, rounded half up to the cent', () => {
    expect(cashbackCents(2655, 10)).toBe(266); // 265.5 → 266
    expect(cashbackCents(2650, 10)).toBe(265);
    expect(cashbackCents(1, 50)).toBe(1); // 0.5 → 1
    expect(cashbackCents(1, 49)).toBe(0);
  });
  it('is nothing without a price or a percentage, and never more than the price', () => {
    expect(cashbackCents(0, 10)).toBe(0);
    expect(cashbackCents(2655, 0)).toBe(0);
    expect(cashbackCents(2655, 150)).toBe(2655);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (price, pct) => {
        const c = cashbackCents(price, pct);
        return Number.isInteger(c) && c >= 0 && c <= price;
      }),
    );
  });
});

describe('refund split', () => {
  it('keeps back the cashback already given, so the client ends with what they paid', () => {
    expect(refundSplit(2655, 266)).toEqual({ toClientCents: 2389, keptBackCents: 266 });
    expect(refundSplit(2655, 0)).toEqual({ toClientCents: 2655, keptBackCents: 0 });
    expect(refundSplit(100, 500)).toEqual({ toClientCents: 0, keptBackCents: 100 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 0, max: 1e8 }), (paid, cb) => {
        const s = refundSplit(paid, cb);
        return s.toClientCents + s.keptBackCents === paid && s.toClientCents >= 0;
      }),
    );
  });
});

it('the referral bonus is a positive whole number of cents', () => {
  expect(REFERRAL_BONUS_CENTS).toBe(1000);
});
