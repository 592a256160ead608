import { Navigate, useNavigate, useParams } from 'react-router';
import d from '../components/dialog.module.css';
import { Dialog } from '../components/dialog.tsx';
import { AddOnsList } from '../features/orders/components/add-ons-list.tsx';
import { PayDue } from '../features/payments/components/pay-due.tsx';
import { formatUsd } from '../lib/format-money.ts';
import { useOrder } from '../lib/order-queries.ts';

export function meta() {
  return [{ title: 'Get add-ons — Geekly' }];
}

/**
 * docs/product/tasks-and-pricing.md '/order/{id}/get-addons' (the gateway's cancel address for add-on payments): add-ons added after
 * the task was paid, and their payment with `context: 'add_ons'` (decision 010). An unpaid task takes its
 * add-ons on the task page and pays them at checkout.
 */
export default function OrderGetAddOnsRoute() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const back = `/order/${encodeURIComponent(orderId)}`;
  if (!order.data) return null;
  const o = order.data;
  if (o.deleted || o.refunded || o.payment_state === 'unpaid') return <Navigate to={back} replace />;
  const left = o.amount_left ?? 0;
  return (
    <Dialog title="Get add-ons" onClose={() => navigate(back)}>
      <p className={d.text}>Add services to your task; you pay only for what you add.</p>
      <AddOnsList order={o} />
      {left > 0 && o.system_client_status !== 'Refund Requested' ? (
        <>
          <p className={d.text}>Left to pay for your task: {formatUsd(left)}</p>
          <PayDue
            order={o}
            due={left}
            deposit={false}
            context="add_ons"
            onPaid={(paid) => navigate(`/order/${encodeURIComponent(paid._id)}/payment-success`)}
          />
        </>
      ) : (
        <p className={d.text}>Nothing is left to pay.</p>
      )}
    </Dialog>
  );
}
