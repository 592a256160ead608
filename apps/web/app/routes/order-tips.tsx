import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import d from '../components/dialog.module.css';
import { Dialog } from '../components/dialog.tsx';
import { canTipNow, TipForm } from '../features/payments/components/tip-form.tsx';
import { useOrder } from '../lib/order-queries.ts';

export function meta() {
  return [{ title: 'Tip your Geek — Geekly' }];
}

/**
 * docs/product/payments-and-ledger.md '/order/{id}/tips' (and the gateway's cancel address for a tip): a popup over the task, only while
 * the domain's canTip allows it (docs/product/statuses-and-state-machine.md), which the task answers as `can.tip`.
 */
export default function OrderTipsRoute() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const order = useOrder(orderId);
  // Once a tip is sent the task no longer allows one; the popup stays until it moves to the thank-you.
  const [sent, setSent] = useState(false);
  const back = `/order/${encodeURIComponent(orderId)}`;
  if (!order.data) return null;
  if (!canTipNow(order.data) && !sent) return <Navigate to={back} replace />;
  return (
    <Dialog title="Tip your Geek" onClose={() => navigate(back)}>
      <p className={d.text}>A tip goes to your Geek in full, to thank them for their work.</p>
      <TipForm
        orderId={orderId}
        onPaid={(amount) => {
          setSent(true);
          navigate(`${back}/tips-success/${amount}`, { replace: true });
        }}
      />
    </Dialog>
  );
}
