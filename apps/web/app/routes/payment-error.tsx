import { useMatches, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePaymentSettlement } from '../features/payments/api/get-payment.ts';
import { PaymentErrorDialog } from '../features/payments/components/payment-error-dialog.tsx';

export function meta() {
  return [{ title: 'Oops — Geekly' }];
}

/**
 * Gateway error returns (docs/product/payments-and-ledger.md, decision 010): /orders/payment-error and /orders/server-payment-error
 * over the list, /order/{id}/payment-error and the checkout's payment-error and server-payment-error over the
 * task. `reason=card_declined` is the bank's refusal; a server-error route or `reason=server_error` (and any
 * reason we do not know) is the gateway's failure. Closing returns to the list or the task.
 */
export default function PaymentErrorRoute() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = useMatches().at(-1)?.id ?? '';
  usePaymentSettlement(search.get('payment_id'));
  const declined = !id.includes('server') && search.get('reason') === 'card_declined';
  const back = !orderId
    ? '/orders'
    : id.startsWith('neworder-checkout-')
      ? `/neworder/${encodeURIComponent(orderId)}/checkout`
      : `/order/${encodeURIComponent(orderId)}${id.startsWith('checkout-') ? '/checkout' : ''}`;
  return (
    <PaymentErrorDialog
      kind={declined ? 'card_declined' : 'server_error'}
      onClose={() => navigate(back, { replace: true })}
    />
  );
}
