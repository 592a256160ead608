import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePaymentSettlement } from '../features/payments/api/get-payment.ts';
import { PaymentErrorDialog } from '../features/payments/components/payment-error-dialog.tsx';

export function meta() {
  return [{ title: 'Oops — Geekly' }];
}

/** Gateway expiry returns (docs/product/payments-and-ledger.md): /orders/payment-expired over the list, /order/{id}/payment-expired. */
export default function PaymentExpiredRoute() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const payment = usePaymentSettlement(search.get('payment_id'));
  const back = orderId ? `/order/${encodeURIComponent(orderId)}` : '/orders';
  // The expired address is the same for every payment (decision 010); a task's payment offers its task back.
  const task = orderId ?? payment.data?.order_id ?? null;
  return (
    <PaymentErrorDialog
      kind="expired"
      onClose={() => navigate(back, { replace: true })}
      retry={
        task
          ? { label: 'Back to the task', onClick: () => navigate(`/order/${encodeURIComponent(task)}`) }
          : { label: 'Go to the task list', onClick: () => navigate('/orders', { replace: true }) }
      }
    />
  );
}
