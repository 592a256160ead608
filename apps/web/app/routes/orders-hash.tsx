import { ordersHashTarget } from '@geekly/domain/users/referral-link.ts';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { orderQueryOptions } from '../lib/order-queries.ts';

export function meta() {
  return [{ title: 'My Tasks — Geekly' }];
}

/**
 * docs/product/account.md redirect target '/orders/{hash}' (where '/r/{key}/orders/#{hash}' leads): one of the student's
 * tasks opens that task; 'livechat' opens the chat over the list; anything else is the task list.
 */
export default function OrdersHashRoute() {
  const { hash = '' } = useParams();
  const target = ordersHashTarget(hash);
  const order = useQuery({ ...orderQueryOptions(hash), enabled: target === 'order' });
  if (target === 'livechat') return <Navigate to="/orders#livechat" replace />;
  if (target === 'list' || order.isError) return <Navigate to="/orders" replace />;
  if (order.data) return <Navigate to={`/order/${order.data._id}`} replace />;
  return <div className="page-loading" aria-busy="true" />;
}
