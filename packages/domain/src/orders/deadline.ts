const HOUR_MS = 3_600_000;

/** docs/product/tasks-and-pricing.md: default deadline 72 hours ahead (259200000 ms), rounded up to the next full hour. */
export const DEFAULT_DEADLINE_MS = 259_200_000;

export function roundUpToHour(date: Date): Date {
  return new Date(Math.ceil(date.getTime() / HOUR_MS) * HOUR_MS);
}

export function defaultDeadline(now: Date): Date {
  return roundUpToHour(new Date(now.getTime() + DEFAULT_DEADLINE_MS));
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The wall-clock parts of `date` in an IANA time zone (UTC when the zone is unknown). */
function zonedParts(date: Date, timeZone: string | null | undefined) {
  let fmt: Intl.DateTimeFormat;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  };
  try {
    fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || 'UTC' });
  } catch {
    fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
  const get = (type: string) => Number(fmt.formatToParts(date).find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** docs/product/tasks-and-pricing.md date format 'MMMM DD, YYYY': "November 05, 2026". */
export function formatDeadlineDate(date: Date, timeZone?: string | null): string {
  const p = zonedParts(date, timeZone);
  return `${MONTHS[p.month - 1] ?? ''} ${String(p.day).padStart(2, '0')}, ${p.year}`;
}

/** The time beside it, 'h:mm A': "3:00 PM". */
export function formatDeadlineTime(date: Date, timeZone?: string | null): string {
  const p = zonedParts(date, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** docs/product/tasks-and-pricing.md: the bad-deadline notice, 'We can do {n} page(s) only by {date} at {time}'. */
export function badDeadlineMessage(pages: number, dateText: string, timeText: string): string {
  return `We can do ${pages} ${pages === 1 ? 'page' : 'pages'} only by ${dateText} at ${timeText}`;
}

/** docs/product/tasks-and-pricing.md: shown while the minimum deadline is not known yet. */
export const CALCULATING_TEXT = '... calculating. Please, wait.';
