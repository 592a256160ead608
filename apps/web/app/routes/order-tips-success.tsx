import { parseTopUpAmount } from '@geekly/domain/payments/amount-schemas.ts';
import { paidTipCents } from '@geekly/domain/payments/paid-tip.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import d from '../components/dialog.module.css';
import { Dialog } from '../components/dialog.tsx';
import { usePaymentSettlement } from '../features/payments/api/get-payment.ts';
import { SettlementStatus } from '../features/payments/components/settlement-status.tsx';
import { formatUsd } from '../lib/format-money.ts';
import { useOrder } from '../lib/order-queries.ts';

export function meta() {
  return [{ title: 'Thank you! — Geekly' }];
}

/**
 * docs/product/payments-and-ledger.md '/order/{id}/tips-success/{amount}': the thank-you after a tip (the spec shows no content). It
 * thanks only for a tip the server knows was paid; the address alone can be opened by anyone.
 */
export default function OrderTipsSuccessRoute() {
  const { orderId = '', amount = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const paymentId = search.get('payment_id');
  const payment = usePaymentSettlement(paymentId);
  const order = useOrder(orderId);
  const parsed = parseTopUpAmount(amount);
  const paid = paidTipCents(orderId, parsed.ok ? parsed.cents : null, {
    payment: payment.data,
    paymentId,
    tipsPaid: order.data?.tips_paid,
  });
  const settling = paymentId ? payment.isPending || payment.data?.status === 'pending' : order.isPending;
  const back = () => navigate(`/order/${encodeURIComponent(orderId)}`, { replace: true });
  return (
    <Dialog title={paid === null ? 'Tip' : 'Thank you!'} onClose={back}>
      {paid !== null ? (
        <p className={d.text}>
          Your tip of {formatUsd(paid / 100)} goes to your Geek. We will let them know you appreciated their
          work.
        </p>
      ) : settling ? null : (
        <p className={d.text}>There is no paid tip of this amount for this task.</p>
      )}
      <SettlementStatus payment={payment.data} />
      <Button type="button" onClick={back}>
        Back to the task
      </Button>
    </Dialog>
  );
}
