import { pagesLabel } from '@geekly/domain/orders/order-form-schemas.ts';
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { AddOnsList } from '../features/orders/components/add-ons-list.tsx';
import { QuoteBlock } from '../features/orders/components/quote-block.tsx';
import { PayDue } from '../features/payments/components/pay-due.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useMe } from '../lib/current-user.ts';
import { formatDeadlineAt } from '../lib/format-date.ts';
import { useOrder } from '../lib/order-queries.ts';
import s from './checkout.module.css';

export function meta() {
  return [{ title: 'Checkout — Geekly' }];
}

const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'];

/** docs/product/tasks-and-pricing.md "Checkout": /order/{id}/checkout and /neworder/{id}/checkout. */
export default function CheckoutRoute() {
  const { orderId = '' } = useParams();
  const flow = useMatches().some((m) => m.id.startsWith('neworder-checkout')) ? 'neworder' : 'order';
  const order = useOrder(orderId);
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();

  if (order.isPending)
    return <div className={s.loading} role="status" aria-busy="true" aria-label="Loading" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404)
      return <Navigate to="/orders" replace />;
    return <p role="alert">{order.error.message}</p>;
  }
  const o = order.data;
  const taskPath = `/${flow}/${o._id}`;
  // docs/product/tasks-and-pricing.md: a fully paid task opens /order/{id} (from the new-order flow's checkout too: it has left that
  // flow); a bad deadline (or no price yet) goes back to the form.
  if (o.deleted) return <Navigate to="/orders" replace />;
  if (o.payment_state === 'fully_paid') {
    // A success popup over checkout moves with the task it paid for.
    const popup = location.pathname.endsWith('/payment-success');
    return <Navigate to={`/order/${o._id}${popup ? `/payment-success${location.search}` : ''}`} replace />;
  }
  if (o.changeable && (o.bad_deadline || o.price === null)) return <Navigate to={taskPath} replace />;

  return (
    <div className={s.page}>
      <h1 className={s.title}>
        <svg className={s.lock} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
        </svg>
        100% Secure checkout
      </h1>
      <div className={s.columns}>
        <section className={`${s.card} ${s.summaryArea}`} aria-labelledby="checkout-task">
          <div className={s.cardHead}>
            <h2 id="checkout-task" className={s.cardTitle}>
              {o.title}
            </h2>
            {o.changeable ? (
              <Link to={taskPath} className={s.edit}>
                Edit task
              </Link>
            ) : null}
          </div>
          <dl className={s.summary}>
            <dt>Course</dt>
            <dd>{o.subject}</dd>
            <dt>Task</dt>
            <dd>{o.request_type ?? '—'}</dd>
            <dt>Length</dt>
            <dd>{o.pages === null ? '—' : pagesLabel(o.pages)}</dd>
            <dt>Due</dt>
            <dd>{formatDeadlineAt(o.deadline)}</dd>
          </dl>
        </section>
        {o.changeable ? (
          <div className={s.addOnsArea}>
            <AddOnsList order={o} />
          </div>
        ) : null}
        <section className={`${s.card} ${s.nextArea}`} aria-labelledby="checkout-next">
          <h2 id="checkout-next" className={s.cardTitle}>
            What's next?
          </h2>
          <p className={s.text}>
            Once you pay, we check your instructions and find the best Geek for your task. We will send every
            update to <strong>{me.data?.notification_email ?? 'your e-mail'}</strong>.
          </p>
        </section>
        <aside className={s.aside}>
          <QuoteBlock
            order={o}
            flow={flow}
            mode="checkout"
            // Checkout's pay action: the balance share first, the card for the rest; a paid task opens its page.
            payButton={(due) => (
              <PayDue
                order={o}
                due={due.amount}
                deposit={due.deposit}
                context={due.flow === 'neworder' ? 'neworder_checkout' : 'checkout'}
                onPaid={(paid) => navigate(`/order/${paid._id}`)}
              />
            )}
          />
          <ul className={s.brands} aria-label="Cards we accept">
            {CARD_BRANDS.map((b) => (
              <li key={b} className={s.brand}>
                {b}
              </li>
            ))}
          </ul>
          <p className={s.text}>
            <Link to="/refund-policy">Money-back guarantee</Link>: if something goes wrong, you can ask for a
            refund.
          </p>
          <p className={s.legal}>
            By paying you agree to our <Link to="/privacy-policy">Privacy Policy</Link>,{' '}
            <Link to="/terms-of-service">Terms of Service</Link> and <Link to="/honor-code">Honor Code</Link>.
          </p>
        </aside>
      </div>
      <Outlet />
    </div>
  );
}
