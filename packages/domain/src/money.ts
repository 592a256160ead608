// Money is integer cents inside the product; dollars appear only at the API boundary and on screen.

/** 1999 -> 19.99: the double nearest to the 2-decimal value, the same one the literal 19.99 gives. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** 19.99 -> 1999, rounded to the nearest cent. */
export function dollarsToCents(dollars: number): number {
  // toFixed(2) removes float noise (19.99 * 100 = 1998.9999…, 1.005 * 100 = 100.4999…) before rounding.
  return Math.round(Number((dollars * 100).toFixed(2)));
}

/** 123450 -> "$1,234.50", -500 -> "-$5.00"; no locale involved, so server and browser agree. */
export function formatDollars(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
