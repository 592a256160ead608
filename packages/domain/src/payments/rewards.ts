// Money the platform gives back: the referral bonus and a coupon's cashback (decision 012). Pure rules; the API
// moves the money through the ledger.

/** What a referrer receives when a client they referred pays for a first task (decision 012). */
export const REFERRAL_BONUS_CENTS = 1000;

/** A coupon's cashback on a fully paid task: `percent` of its price, rounded half up to the cent. */
export function cashbackCents(priceCents: number, percent: number): number {
  if (!Number.isInteger(priceCents) || priceCents <= 0 || percent <= 0) return 0;
  return Math.min(priceCents, Math.floor((priceCents * Math.min(percent, 100) + 50) / 100));
}

/**
 * docs/product/payments-and-ledger.md: balance money is not refundable to a card. On a refund, what the client already received as
 * cashback for the task is kept back, so a refunded client ends up with exactly what they paid.
 */
export function refundSplit(paidCents: number, cashbackGivenCents: number) {
  const keptBack = Math.min(Math.max(cashbackGivenCents, 0), paidCents);
  return { toClientCents: paidCents - keptBack, keptBackCents: keptBack };
}
