import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  badDeadlineMessage,
  CALCULATING_TEXT,
  formatDeadlineDate,
  formatDeadlineTime,
} from '../src/orders/deadline.ts';
import { minDeadline } from '../src/pricing/quote.ts';

const utc = (s: string) => new Date(`${s}Z`);

describe('formatDeadlineDate: MMMM DD, YYYY', () => {
  it.each([
    ['2026-11-05T15:00:00', 'November 05, 2026'],
    ['2026-03-01T00:00:00', 'March 01, 2026'],
    ['2026-12-25T23:59:59', 'December 25, 2026'],
    ['2027-01-09T12:00:00', 'January 09, 2027'],
    ['2028-02-29T08:00:00', 'February 29, 2028'],
    ['2026-07-31T10:00:00', 'July 31, 2026'],
  ])('%s UTC -> %s', (at, text) => {
    expect(formatDeadlineDate(utc(at))).toBe(text);
  });
  it.each([
    [0, 'January'],
    [1, 'February'],
    [2, 'March'],
    [3, 'April'],
    [4, 'May'],
    [5, 'June'],
    [6, 'July'],
    [7, 'August'],
    [8, 'September'],
    [9, 'October'],
    [10, 'November'],
    [11, 'December'],
  ])('month %s is written %s in full', (month, name) => {
    expect(formatDeadlineDate(new Date(Date.UTC(2026, month, 15, 12)))).toBe(`${name} 15, 2026`);
  });
});

describe('formatDeadlineTime: h:mm A', () => {
  it.each([
    ['2026-11-05T15:00:00', '3:00 PM'],
    ['2026-11-05T00:00:00', '12:00 AM'],
    ['2026-11-05T00:30:00', '12:30 AM'],
    ['2026-11-05T12:00:00', '12:00 PM'],
    ['2026-11-05T09:05:00', '9:05 AM'],
    ['2026-11-05T11:59:00', '11:59 AM'],
    ['2026-11-05T13:07:00', '1:07 PM'],
    ['2026-11-05T23:59:59', '11:59 PM'],
    ['2026-11-05T10:00:59', '10:00 AM'],
  ])('%s UTC -> %s', (at, text) => {
    expect(formatDeadlineTime(utc(at))).toBe(text);
  });
});

describe('time zones', () => {
  it('shows the wall clock of the given zone', () => {
    const d = utc('2026-01-01T03:30:00');
    expect(formatDeadlineDate(d, 'America/New_York')).toBe('December 31, 2025');
    expect(formatDeadlineTime(d, 'America/New_York')).toBe('10:30 PM');
    const e = utc('2026-01-01T20:00:00');
    expect(formatDeadlineDate(e, 'Asia/Kolkata')).toBe('January 02, 2026');
    expect(formatDeadlineTime(e, 'Asia/Kolkata')).toBe('1:30 AM');
    expect(formatDeadlineTime(utc('2026-06-15T12:00:00'), 'Europe/London')).toBe('1:00 PM');
  });
  describe('on a host whose own zone is not UTC', () => {
    // The fallback must be UTC itself, not the machine's zone (which is often UTC on servers and CI anyway).
    beforeEach(() => {
      vi.stubEnv('TZ', 'Asia/Tokyo');
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    it('runs in Tokyo time', () => {
      expect(new Date(0).getHours()).toBe(9);
    });
    it.each([
      ['an unknown zone', 'Mars/Olympus_Mons'],
      ['a malformed zone', 'not a zone!'],
      ['an empty zone', ''],
      ['no zone', null],
      ['an omitted zone', undefined],
    ])('falls back to UTC for %s', (_, zone) => {
      const d = utc('2026-01-01T03:30:00');
      expect(formatDeadlineDate(d, zone)).toBe('January 01, 2026');
      expect(formatDeadlineTime(d, zone)).toBe('3:30 AM');
    });
  });
  it('follows daylight saving time in America/New_York (spring forward, 8 March 2026)', () => {
    // 06:30 UTC is 1:30 EST (UTC-5); at 07:00 UTC clocks jump from 2:00 to 3:00 EDT (UTC-4)
    expect(formatDeadlineTime(utc('2026-03-08T06:30:00'), 'America/New_York')).toBe('1:30 AM');
    expect(formatDeadlineTime(utc('2026-03-08T07:30:00'), 'America/New_York')).toBe('3:30 AM');
    expect(formatDeadlineDate(utc('2026-03-08T07:30:00'), 'America/New_York')).toBe('March 08, 2026');
  });
  it('follows daylight saving time in America/New_York (fall back, 1 November 2026)', () => {
    // 1:30 AM happens twice: first EDT (05:30 UTC), then EST (06:30 UTC)
    expect(formatDeadlineTime(utc('2026-11-01T05:30:00'), 'America/New_York')).toBe('1:30 AM');
    expect(formatDeadlineTime(utc('2026-11-01T06:30:00'), 'America/New_York')).toBe('1:30 AM');
    expect(formatDeadlineTime(utc('2026-11-01T07:30:00'), 'America/New_York')).toBe('2:30 AM');
    expect(formatDeadlineTime(utc('2026-07-04T16:00:00'), 'America/New_York')).toBe('12:00 PM');
    expect(formatDeadlineTime(utc('2026-12-04T16:00:00'), 'America/New_York')).toBe('11:00 AM');
  });
  it('reads back as the same minute in UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        const d = new Date(ms);
        const date = formatDeadlineDate(d, 'UTC');
        const time = formatDeadlineTime(d, 'UTC');
        expect(date).toMatch(
          /^(January|February|March|April|May|June|July|August|September|October|November|December) (0[1-9]|[12]\d|3[01]), \d{4}$/,
        );
        expect(time).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
        expect(new Date(`${date} ${time} UTC`).getTime()).toBe(ms - (ms % 60_000));
      }),
    );
  });
  it('keeps the format in any zone', () => {
    const zones = [
      'America/New_York',
      'America/Los_Angeles',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Australia/Sydney',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(formatDeadlineDate(new Date(ms), zone)).toMatch(
            /^[A-Z][a-z]+ (0[1-9]|[12]\d|3[01]), \d{4}$/,
          );
          expect(formatDeadlineTime(new Date(ms), zone)).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
        },
      ),
    );
  });
});

describe('badDeadlineMessage', () => {
  it('says page for 1 and pages otherwise', () => {
    expect(badDeadlineMessage(1, 'November 05, 2026', '3:00 PM')).toBe(
      'We can do 1 page only by November 05, 2026 at 3:00 PM',
    );
    expect(badDeadlineMessage(5, 'November 05, 2026', '3:00 PM')).toBe(
      'We can do 5 pages only by November 05, 2026 at 3:00 PM',
    );
    expect(badDeadlineMessage(50, 'March 01, 2027', '12:00 AM')).toBe(
      'We can do 50 pages only by March 01, 2027 at 12:00 AM',
    );
  });
  it('names the minimum deadline in the client time zone', () => {
    // 5 pages need 7 hours: 20:00 UTC + 7 h = 03:00 UTC on 6 November = 10:00 PM on 5 November in New York
    const min = minDeadline(utc('2026-11-05T20:00:00'), 5);
    const zone = 'America/New_York';
    expect(badDeadlineMessage(5, formatDeadlineDate(min, zone), formatDeadlineTime(min, zone))).toBe(
      'We can do 5 pages only by November 05, 2026 at 10:00 PM',
    );
  });
});

describe('CALCULATING_TEXT', () => {
  it('keeps the spec wording', () => {
    expect(CALCULATING_TEXT).toBe('... calculating. Please, wait.');
  });
});
