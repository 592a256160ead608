import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from '../src/money.ts';

describe('centsToDollars', () => {
  it.each([
    [1999, 19.99],
    [29, 0.29],
    [0, 0],
    [1, 0.01],
    [-500, -5],
    [999999999, 9999999.99],
  ])('%s cents are %s dollars', (c, d) => {
    expect(centsToDollars(c)).toBe(d);
  });
});

describe('dollarsToCents', () => {
  it.each([
    [0.29, 29],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.004, 100],
    [-5, -500],
    [9999999.99, 999999999],
  ])('%s dollars are %s cents', (d, c) => {
    expect(dollarsToCents(d)).toBe(c);
  });

  it('converts any whole number of cents to dollars and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        expect(dollarsToCents(centsToDollars(c))).toBe(c);
      }),
    );
  });

  it('reads any 2-decimal amount typed as text exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (c) => {
        const typed = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        expect(dollarsToCents(Number(typed))).toBe(c);
      }),
    );
  });
});

describe('formatDollars', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [99999, '$999.99'],
    [100000, '$1,000.00'],
    [123450, '$1,234.50'],
    [-500, '-$5.00'],
    [-123456789, '-$1,234,567.89'],
    [100000000, '$1,000,000.00'],
    [-0.4, '$0.00'],
  ])('formats %s cents as %s', (c, s) => {
    expect(formatDollars(c)).toBe(s);
  });

  it('agrees with en-US currency formatting', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (c) => {
        expect(formatDollars(c)).toBe(usd.format(c / 100));
      }),
    );
  });
});
