import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Dialog } from '../components/dialog.tsx';
import { RefundRequest, type RefundStep } from '../features/orders/components/refund-request.tsx';
import { canAskRefundNow } from '../features/orders/refund-window.ts';
import { useOrder } from '../lib/order-queries.ts';

export function meta() {
  return [{ title: 'Request a refund — Geekly' }];
}

/**
 * docs/product/statuses-and-state-machine.md '/order/{id}/request-refund', from the title menu: the refund popup over the task. docs/product/statuses-and-state-machine.md:
 * when a refund can no longer be requested, the page redirects to the task.
 */
export default function OrderRequestRefundRoute() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const [step, setStep] = useState<RefundStep>('reason');
  const back = `/order/${encodeURIComponent(orderId)}`;
  if (!order.data) return null;
  // After sending, the task no longer allows a refund; the success screen stays.
  if (!canAskRefundNow(order.data) && step !== 'sent') return <Navigate to={back} replace />;
  return (
    <Dialog
      title={step === 'sent' ? 'Your refund request is sent' : 'Request a refund'}
      onClose={() => navigate(back)}
    >
      <RefundRequest
        orderId={orderId}
        refundUntil={order.data.refund_until}
        step={step}
        onStep={setStep}
        onDone={() => navigate(back)}
      />
    </Dialog>
  );
}
