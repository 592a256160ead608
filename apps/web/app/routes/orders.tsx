import { useOrders } from '../features/orders/api/get-orders.ts';
import { MiniOrderForm } from '../features/orders/components/mini-order-form.tsx';
import { OrderGroups } from '../features/orders/components/order-groups.tsx';
import s from './orders.module.css';

export function meta() {
  return [{ title: 'My Tasks — Geekly' }];
}

export default function OrdersRoute() {
  const orders = useOrders();
  return (
    <div className={s.page}>
      <h1 className={s.title}>My Tasks</h1>
      <MiniOrderForm />
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
    </div>
  );
}
