import type { PaymentStatus as Payment } from './pay-schemas.ts';

/**
 * The tip the server knows was paid for the thank-you at /order/{id}/tips-success/{amount}, in cents; null while
 * unknown or when there is none (the address alone proves nothing: it can be opened directly). A card tip is
 * its settled payment; a balance tip is counted in the task's tips_paid.
 */
export function paidTipCents(
  orderId: string,
  amountCents: number | null,
  known: { payment: Payment | undefined; paymentId: string | null; tipsPaid: number | undefined },
): number | null {
  if (known.paymentId) {
    const p = known.payment;
    const settled =
      p?.status === 'succeeded' &&
      p.purpose === 'tip' &&
      p.order_id === orderId &&
      p.outcome !== 'kept_on_balance';
    return settled ? Math.round(p.amount * 100) : null;
  }
  if (amountCents === null || known.tipsPaid === undefined) return null;
  return Math.round(known.tipsPaid * 100) >= amountCents ? amountCents : null;
}
