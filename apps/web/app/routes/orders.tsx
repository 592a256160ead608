import { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCreateOrder } from '../features/orders/api/create-order.ts';
import { useOrders } from '../features/orders/api/get-orders.ts';
import { MiniOrderForm } from '../features/orders/components/mini-order-form.tsx';
import { OrderGroups } from '../features/orders/components/order-groups.tsx';
import s from './orders.module.css';

export function meta() {
  return [{ title: 'My Tasks — Geekly' }];
}

/**
 * Seed 000 §2: "Query params title and subject create an order automatically if valid".
 * The params are always dropped from the address (replace); a valid pair creates the task once and opens
 * its '/orders/{id}/created' popup. A ref keyed by the query string keeps strict-mode double effects and
 * re-renders from creating it twice; it is cleared once the params are gone, so opening the same link
 * again later adds another task, as a fresh visit would.
 */
function useCreateFromQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const { mutate } = create;
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('title') && !params.has('subject')) {
      handled.current = null;
      return;
    }
    if (handled.current === location.search) return;
    handled.current = location.search;

    const parsed = createOrderSchema.safeParse({
      title: params.get('title') ?? '',
      subject: params.get('subject') ?? '',
    });
    params.delete('title');
    params.delete('subject');
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
    if (!parsed.success) return;
    mutate(
      { title: parsed.data.title, subject: parsed.data.subject },
      { onSuccess: ({ _id }) => navigate(`/orders/${_id}/created`) },
    );
  }, [location.search, location.pathname, location.hash, navigate, mutate]);

  return create;
}

export default function OrdersRoute() {
  const orders = useOrders();
  const fromQuery = useCreateFromQuery();
  return (
    <div className={s.page}>
      <h1 className={s.title}>My Tasks</h1>
      <MiniOrderForm />
      {fromQuery.isError ? <p role="alert">{fromQuery.error.message}</p> : null}
      {orders.isPending ? (
        <div className={s.skeleton} role="status" aria-busy="true" aria-label="Loading tasks" />
      ) : orders.isError ? (
        <p role="alert">{orders.error.message}</p>
      ) : orders.data.results.length === 0 ? (
        <section className={s.empty}>
          <h2>Ooops</h2>
          <p>Looks like you don't have any tasks.</p>
        </section>
      ) : (
        <OrderGroups orders={orders.data.results} />
      )}
      <Outlet />
    </div>
  );
}
