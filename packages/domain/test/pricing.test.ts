import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPercentOff,
  formatSize,
  isBadDeadline,
  minHoursForPages,
  parsePages,
  pricePerPageCents,
  quoteCents,
  splitDeposit,
  WORDS_PER_PAGE,
} from '../src/pricing/quote.ts';

const now = new Date('2026-05-01T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('pages', () => {
  it.each([
    ['5 pages', 5],
    ['1 page', 1],
    ['50 pages', 50],
    ['0 pages', null],
    ['51 pages', null],
    ['', null],
    ['five pages', null],
  ])('%j -> %s', (size, pages) => {
    expect(parsePages(size)).toBe(pages);
  });
  it('says page for 1 and pages otherwise; 275 words a page', () => {
    expect(formatSize(1)).toBe('1 page');
    expect(formatSize(2)).toBe('2 pages');
    expect(WORDS_PER_PAGE).toBe(275);
  });
});

describe('minimum hours', () => {
  it('follows the spec for 1 to 19 pages', () => {
    expect(Array.from({ length: 19 }, (_, i) => minHoursForPages(i + 1))).toEqual([
      3, 4, 5, 6, 7, 8, 9, 12, 15, 19, 21, 24, 26, 29, 33, 37, 40, 44, 48,
    ]);
  });
  it('keeps growing by 4 hours a page from 20 to 50', () => {
    expect(minHoursForPages(20)).toBe(52);
    expect(minHoursForPages(50)).toBe(172);
    for (let p = 2; p <= 50; p++) expect(minHoursForPages(p)).toBeGreaterThan(minHoursForPages(p - 1));
  });
  it('is 1 hour lower with premium plus under 8 pages only', () => {
    expect(minHoursForPages(7, { premiumPlus: true })).toBe(8);
    expect(minHoursForPages(8, { premiumPlus: true })).toBe(12);
    expect(minHoursForPages(1, { premiumPlus: true })).toBe(2);
  });
  it('flags a deadline under the minimum as bad', () => {
    expect(isBadDeadline(now, inHours(2.99), 1)).toBe(true);
    expect(isBadDeadline(now, inHours(3), 1)).toBe(false);
  });
});

describe('quote', () => {
  it.each([
    [0, 4625],
    [11.99, 4625],
    [12, 4115],
    [24, 3545],
    [48, 3115],
    [96, 2655],
    [167.99, 2655],
    [168, 2425],
    [1000, 2425],
  ])('%s hours left -> %s cents a page', (hours, cents) => {
    expect(pricePerPageCents(hours)).toBe(cents);
  });
  it('multiplies by pages, and has no price for a bad deadline', () => {
    expect(quoteCents(now, inHours(72), 5)).toBe(3115 * 5);
    expect(quoteCents(now, inHours(3), 2)).toBeNull();
  });
  it('never costs more for a later deadline', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        (pages, a, b) => {
          const [early, late] = a <= b ? [a, b] : [b, a];
          const qe = quoteCents(now, inHours(early), pages);
          const ql = quoteCents(now, inHours(late), pages);
          if (qe !== null && ql !== null) expect(ql).toBeLessThanOrEqual(qe);
          if (qe !== null) expect(ql).not.toBeNull();
        },
      ),
    );
  });
});

describe('deposit and discounts', () => {
  it('splits 30/70 and always adds up to the price', () => {
    expect(splitDeposit(10000)).toEqual({ depositCents: 3000, remainderCents: 7000 });
    expect(splitDeposit(4625)).toEqual({ depositCents: 1388, remainderCents: 3237 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (price) => {
        const { depositCents, remainderCents } = splitDeposit(price);
        expect(depositCents + remainderCents).toBe(price);
        expect(Math.abs(depositCents - price * 0.3)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
  it('never makes a price negative or larger', () => {
    expect(applyPercentOff(15575, 25)).toBe(11681);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: -50, max: 200 }), (price, pct) => {
        const after = applyPercentOff(price, pct);
        expect(after).toBeGreaterThanOrEqual(0);
        expect(after).toBeLessThanOrEqual(price);
      }),
    );
  });
});
