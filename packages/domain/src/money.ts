// Money is integer cents inside the product; dollars appear only at the API boundary and on screen.
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  // toFixed(2) removes float noise (19.99 * 100 = 1998.9999…) before rounding.
  return Math.round(Number((dollars * 100).toFixed(2)));
}

export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
