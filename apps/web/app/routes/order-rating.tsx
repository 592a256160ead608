import type { RatingMark } from '@geekly/domain/orders/order-action-schemas.ts';
import { useState } from 'react';
import { Navigate, useMatches, useNavigate, useParams } from 'react-router';
import { Dialog } from '../components/dialog.tsx';
import { RatingFlow, type RatingStep } from '../features/orders/components/rating-flow.tsx';
import { useOrder } from '../lib/order-queries.ts';

export function meta() {
  return [{ title: 'Rate your task — Geekly' }];
}

/** docs/product/public-site.md: the rating parameter is 1–5 (the preselected mark) or 'f' (the feedback step). */
function markFromParam(param: string | undefined): RatingMark | null {
  if (param === undefined || param === 'f') return null;
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? (n as RatingMark) : null;
}

/**
 * docs/product/statuses-and-state-machine.md '/order/{id}/rating' over the task and '/orders/{id}/rating(/{param})' over the list. docs/product/statuses-and-state-machine.md:
 * the screen redirects away when rating is not allowed or already done.
 */
export default function OrderRatingRoute() {
  const { orderId = '', param } = useParams();
  const onList = useMatches().some((m) => m.id.startsWith('orders-rating'));
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const [step, setStep] = useState<RatingStep>('rate');
  const back = onList ? '/orders' : `/order/${encodeURIComponent(orderId)}`;
  if (order.isError) return <Navigate to="/orders" replace />;
  if (!order.data) return null;
  if (param !== undefined && param !== 'f' && markFromParam(param) === null)
    return <Navigate to={back} replace />;
  if (!order.data.can.rate && step === 'rate') return <Navigate to={back} replace />;
  return (
    <Dialog
      title={step === 'sorry' ? 'Thank you for your feedback' : 'Rate your task'}
      onClose={() => navigate(back)}
    >
      <RatingFlow
        order={order.data}
        initialMark={markFromParam(param)}
        step={step}
        onStep={setStep}
        onDone={() => navigate(back)}
      />
    </Dialog>
  );
}
