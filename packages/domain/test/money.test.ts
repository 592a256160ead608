import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from '../src/money.ts';

describe('money', () => {
  it.each([
    [0.29, 29],
    [19.99, 1999],
    [1.005, 101],
    [9999999.99, 999999999],
  ])('%s dollars are %s cents', (d, c) => {
    expect(dollarsToCents(d)).toBe(c);
  });

  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123450, '$1,234.50'],
    [-500, '-$5.00'],
    [100000000, '$1,000,000.00'],
  ])('formats %s cents as %s', (c, s) => {
    expect(formatDollars(c)).toBe(s);
  });

  it('converts any whole number of cents to dollars and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        expect(dollarsToCents(centsToDollars(c))).toBe(c);
      }),
    );
  });
});
