import type { PaymentStatus } from '@geekly/domain/payments/pay-schemas.ts';
import s from './payment-return.module.css';

/**
 * What the webhook (the source of truth, decision 010) says so far. The return address only shows the
 * outcome; while the gateway has not confirmed, the popup says so instead of claiming more.
 */
export function SettlementStatus({ payment }: { payment: PaymentStatus | undefined }) {
  if (payment?.status === 'pending') {
    return (
      <p className={s.status} role="status">
        Confirming your payment…
      </p>
    );
  }
  if (payment?.status === 'succeeded' && payment.outcome === 'kept_on_balance') {
    // The card was charged but the task could not take the money (paid meanwhile, price moved): it stays on the
    // balance (decision 010).
    return (
      <p className={s.status} role="status">
        The money is on your balance.{payment.outcome_note ? ` ${payment.outcome_note}` : ''}
      </p>
    );
  }
  return null;
}
