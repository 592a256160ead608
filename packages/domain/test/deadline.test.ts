import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_MS, defaultDeadline, roundUpToHour } from '../src/orders/deadline.ts';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();

describe('roundUpToHour', () => {
  it.each([
    ['2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z'],
    ['2026-01-01T10:00:00.001Z', '2026-01-01T11:00:00.000Z'],
    ['2026-01-01T10:20:00.000Z', '2026-01-01T11:00:00.000Z'],
    ['2026-01-01T10:59:59.999Z', '2026-01-01T11:00:00.000Z'],
    ['2026-12-31T23:30:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('%s -> %s', (from, to) => {
    expect(iso(roundUpToHour(new Date(from)))).toBe(to);
  });
});

describe('defaultDeadline', () => {
  it('is 72 hours (259200000 ms) ahead', () => {
    expect(DEFAULT_DEADLINE_MS).toBe(259_200_000);
    expect(DEFAULT_DEADLINE_MS).toBe(72 * HOUR);
  });
  it('rounds up to the next full hour, and keeps an exact hour', () => {
    expect(iso(defaultDeadline(new Date('2026-01-01T10:20:00Z')))).toBe('2026-01-04T11:00:00.000Z');
    expect(iso(defaultDeadline(new Date('2026-01-01T10:00:00Z')))).toBe('2026-01-04T10:00:00.000Z');
    expect(iso(defaultDeadline(new Date('2026-02-27T23:01:00Z')))).toBe('2026-03-03T00:00:00.000Z');
  });
  it('always lands on a full hour less than an hour after now + 72 h', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const d = defaultDeadline(new Date(ms)).getTime();
        expect(d % HOUR).toBe(0);
        expect(d - ms).toBeGreaterThanOrEqual(72 * HOUR);
        expect(d - ms).toBeLessThan(73 * HOUR);
      }),
    );
  });
});
