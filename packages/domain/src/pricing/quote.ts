// docs/product/tasks-and-pricing.md "Business constants and limits" — pricing and deadline rules, in integer cents.

const HOUR_MS = 3_600_000;

export const MIN_PAGES = 1;
export const MAX_PAGES = 50;
/** docs/product/tasks-and-pricing.md hides the value; 275 is the industry's usual count for a double-spaced page. */
export const WORDS_PER_PAGE = 275;

/** Per-page price by hours left: bands start at 0, 12, 24, 48, 96 and 168 hours. */
export const PRICE_BANDS: readonly { fromHours: number; perPageCents: number }[] = [
  { fromHours: 168, perPageCents: 2425 },
  { fromHours: 96, perPageCents: 2655 },
  { fromHours: 48, perPageCents: 3115 },
  { fromHours: 24, perPageCents: 3545 },
  { fromHours: 12, perPageCents: 4115 },
  { fromHours: 0, perPageCents: 4625 },
];

/** Minimum hours to the deadline for 1 to 19 pages (docs/product/tasks-and-pricing.md). */
const MIN_HOURS_1_TO_19 = [3, 4, 5, 6, 7, 8, 9, 12, 15, 19, 21, 24, 26, 29, 33, 37, 40, 44, 48] as const;
/** The spec stops at 19 pages; from 20 on each page adds 4 hours (50 pages: 172 h, about a week). */
const EXTRA_HOURS_PER_PAGE_FROM_20 = 4;

/** Pages from a size string like '5 pages' or '1 page'; null when absent or outside 1 to 50. */
export function parsePages(size: string | null | undefined): number | null {
  const m = /^\s*(\d{1,3})\s*pages?\s*$/i.exec(size ?? '');
  const pages = m ? Number(m[1]) : 0;
  return pages >= MIN_PAGES && pages <= MAX_PAGES ? pages : null;
}

export const formatSize = (pages: number) => `${pages} ${pages === 1 ? 'page' : 'pages'}`;

export function minHoursForPages(pages: number, opts: { premiumPlus?: boolean } = {}): number {
  if (!Number.isInteger(pages) || pages < MIN_PAGES || pages > MAX_PAGES)
    throw new RangeError(`pages ${pages}`);
  const base =
    pages <= 19 ? (MIN_HOURS_1_TO_19[pages - 1] as number) : 48 + (pages - 19) * EXTRA_HOURS_PER_PAGE_FROM_20;
  // Premium plus lowers the minimum by 1 hour for fewer than 8 pages.
  return opts.premiumPlus && pages < 8 ? base - 1 : base;
}

export function minDeadline(now: Date, pages: number, opts: { premiumPlus?: boolean } = {}): Date {
  return new Date(now.getTime() + minHoursForPages(pages, opts) * HOUR_MS);
}

export const hoursLeft = (now: Date, deadline: Date) => (deadline.getTime() - now.getTime()) / HOUR_MS;

export function isBadDeadline(
  now: Date,
  deadline: Date,
  pages: number,
  opts: { premiumPlus?: boolean } = {},
) {
  return hoursLeft(now, deadline) < minHoursForPages(pages, opts);
}

export function pricePerPageCents(hours: number): number {
  const band = PRICE_BANDS.find((b) => hours >= b.fromHours);
  return (band ?? (PRICE_BANDS[PRICE_BANDS.length - 1] as { perPageCents: number })).perPageCents;
}

/** The quote for pages due by the deadline, or null when the deadline is too early for them. */
export function quoteCents(now: Date, deadline: Date, pages: number, opts: { premiumPlus?: boolean } = {}) {
  if (isBadDeadline(now, deadline, pages, opts)) return null;
  return pricePerPageCents(hoursLeft(now, deadline)) * pages;
}

/**
 * Deposit 30% (rounded half up to the cent) and remainder 70% = the rest, so the two always add up to
 * the price exactly.
 */
export function splitDeposit(priceCents: number): { depositCents: number; remainderCents: number } {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`price ${priceCents}`);
  const depositCents = Math.floor((priceCents * 3 + 5) / 10);
  return { depositCents, remainderCents: priceCents - depositCents };
}

/** A percentage discount, rounded to the cent and never more than the price. */
export function applyPercentOff(priceCents: number, percent: number): number {
  const off = Math.round((priceCents * Math.min(Math.max(percent, 0), 100)) / 100);
  return priceCents - Math.min(off, priceCents);
}
