import { describe, expect, it } from 'vitest';
import { geekActionSchema, timeOnPlatform } from '../src/geeks/geek-schemas.ts';
import { laterDeadlineText } from '../src/orders/deadline-prices.ts';
import { hasActiveFilters, orderListQuerySchema } from '../src/orders/order-list-filters.ts';

describe('laterDeadlineText', () => {
  it("words a saving as the issue's example, and stays quiet when nothing is saved", () => {
    expect(laterDeadlineText(1, 12.4)).toBe('+1 day: $12.40 less');
    expect(laterDeadlineText(3, 1234.5)).toBe('+3 days: $1,234.50 less');
    expect(laterDeadlineText(2, 0)).toBeNull();
    expect(laterDeadlineText(2, 0.004)).toBeNull();
  });
});

describe('timeOnPlatform', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('counts from the real join date, with no floor', () => {
    expect(timeOnPlatform(new Date('2026-11-25T08:00:00Z'), now)).toBe('New on Geekly');
    expect(timeOnPlatform(new Date('2026-11-24T08:00:00Z'), now)).toBe('1 day');
    expect(timeOnPlatform(new Date('2026-11-10T08:00:00Z'), now)).toBe('2 weeks');
    expect(timeOnPlatform(new Date('2026-10-26T08:00:00Z'), now)).toBe('4 weeks');
    expect(timeOnPlatform(new Date('2026-10-25T08:00:00Z'), now)).toBe('1 month');
    expect(timeOnPlatform(new Date('2025-11-26T08:00:00Z'), now)).toBe('11 months');
    expect(timeOnPlatform(new Date('2025-11-25T08:00:00Z'), now)).toBe('1 year');
    expect(timeOnPlatform(new Date('2023-01-01T00:00:00Z'), now)).toBe('3 years');
  });
});

describe('list filters and Geek actions', () => {
  it('default to no filter and refuse unknown values', () => {
    expect(orderListQuerySchema.parse({})).toEqual({ page: 0, payment: 'all', status: 'all' });
    expect(hasActiveFilters(orderListQuerySchema.parse({ payment: 'partial' }))).toBe(true);
    expect(hasActiveFilters(orderListQuerySchema.parse({ page: '2' }))).toBe(false);
    expect(orderListQuerySchema.safeParse({ status: 'Paid' }).success).toBe(false);
    expect(geekActionSchema.safeParse({ action: 'fave' }).success).toBe(true);
    expect(geekActionSchema.safeParse({ action: 'delete' }).success).toBe(false);
  });
});
