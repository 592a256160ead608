import { useMatches, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePaymentSettlement } from '../features/payments/api/get-payment.ts';
import { PaymentSuccessDialog } from '../features/payments/components/payment-success-dialog.tsx';

export function meta() {
  return [{ title: 'Your payment was successful — Geekly' }];
}

/**
 * Gateway success returns (docs/product/payments-and-ledger.md): /orders/payment-success over the list,
 * /order/{id}/payment-success and /order/{id}/checkout/payment-success over the task, /balance/payment-success
 * over the balance. The popup follows the payment until the webhook settled it, then the data refreshes.
 */
export default function PaymentSuccessRoute() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = useMatches().at(-1)?.id ?? '';
  const payment = usePaymentSettlement(search.get('payment_id'));
  const variant = id === 'balance-payment-success' ? 'balance' : orderId ? 'task' : 'list';
  const back =
    variant === 'balance'
      ? '/balance'
      : orderId
        ? id === 'neworder-checkout-payment-success'
          ? `/neworder/${encodeURIComponent(orderId)}/checkout`
          : `/order/${encodeURIComponent(orderId)}${id === 'checkout-payment-success' ? '/checkout' : ''}`
        : '/orders';
  return (
    <PaymentSuccessDialog
      variant={variant}
      orderId={orderId}
      payment={payment.data}
      onClose={() => navigate(back, { replace: true })}
      onGoToList={() => navigate('/orders')}
    />
  );
}
