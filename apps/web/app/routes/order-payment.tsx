import { dollarsToCents } from '@geekly/domain/money.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { Navigate, useMatches, useNavigate, useParams } from 'react-router';
import { Dialog } from '../components/dialog.tsx';
import { PayDue } from '../features/payments/components/pay-due.tsx';
import { useMe } from '../lib/current-user.ts';
import { formatUsd as usd } from '../lib/format-money.ts';
import { useOrder } from '../lib/order-queries.ts';
import s from './order-payment.module.css';

export function meta() {
  return [{ title: 'Pay from your balance — Geekly' }];
}

/** What a payment now settles: the deposit or the whole price for an unpaid task, else what is left. */
function dueNow(o: OrderView): { due: number; deposit: boolean } | null {
  if (o.deleted || o.refunded || o.system_client_status === 'Refund Requested') return null;
  const partial = o.additional.includes('partial_payment');
  const due = o.payment_state === 'unpaid' ? (partial ? o.partial_price : o.price) : o.amount_left;
  return due !== null && due > 0 ? { due, deposit: o.payment_state === 'unpaid' && partial } : null;
}

/**
 * docs/product/payments-and-ledger.md '/order/{id}/payment' (and checkout/payment): the pay-from-balance screen. It shows what is due
 * and the balance; paying sends the balance share as a string with 2 decimals (docs/product/http-api.md), and when the
 * balance is short the card pays the rest on the gateway's page.
 */
export default function OrderPaymentRoute() {
  const { orderId = '' } = useParams();
  const matches = useMatches();
  const newOrderFlow = matches.some((m) => m.id === 'neworder-checkout-payment');
  const fromCheckout = newOrderFlow || matches.some((m) => m.id === 'checkout-payment');
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const me = useMe();
  const back = `/${newOrderFlow ? 'neworder' : 'order'}/${encodeURIComponent(orderId)}${fromCheckout ? '/checkout' : ''}`;
  if (!order.data || !me.data) return null;
  const o = order.data;
  const pay = dueNow(o);
  if (!pay) return <Navigate to={back} replace />;
  const dueCents = dollarsToCents(pay.due);
  const balanceCents = dollarsToCents(me.data.available_balance);
  const short = balanceCents < dueCents;
  const rest = (dueCents - Math.min(balanceCents, dueCents)) / 100;
  const label = !short
    ? `Pay ${usd(pay.due)} from balance`
    : balanceCents > 0
      ? `Pay ${usd(me.data.available_balance)} from balance and ${usd(rest)} by card`
      : `Pay ${usd(pay.due)} by card`;

  return (
    <Dialog title="Pay from your balance" onClose={() => navigate(back)}>
      <dl className={s.figures}>
        <dt>{o.payment_state === 'unpaid' && pay.deposit ? '30% deposit' : 'Due now'}</dt>
        <dd data-testid="payment-due">{usd(pay.due)}</dd>
        <dt>Your balance</dt>
        <dd>{usd(me.data.available_balance)}</dd>
      </dl>
      {short ? (
        <p className={s.short}>
          Your balance does not cover it: the rest, {usd(rest)}, is paid by card on our secure payment page.
        </p>
      ) : null}
      <PayDue
        order={o}
        due={pay.due}
        deposit={pay.deposit}
        context={newOrderFlow ? 'neworder_checkout' : fromCheckout ? 'checkout' : 'order'}
        balanceAsText
        label={label}
        showBalance={false}
        onPaid={(paid) => navigate(`/order/${encodeURIComponent(paid._id)}/payment-success`)}
      />
    </Dialog>
  );
}
