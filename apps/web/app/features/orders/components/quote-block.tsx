import type { OrderEditBody } from '@geekly/domain/orders/order-form-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { INCLUDED_IN_PLAN } from '@geekly/domain/pricing/add-ons.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd as usd } from '../../../lib/format-money.ts';
import { useEditOrder } from '../api/edit-order.ts';
import { CouponBlock } from './coupon-block.tsx';
import s from './quote-block.module.css';

type Props = {
  order: OrderView;
  flow: 'order' | 'neworder';
  /** On the task page the pay button leads to checkout; on checkout it pays with `payButton`. */
  mode: 'task' | 'checkout';
  /** Checkout's pay action for what is due now (given by the route: paying belongs to the payments feature). */
  payButton?: PayButton;
  onShowFields?: () => void;
};

/** `deposit`: the 30% deposit of an unpaid task. */
type PayButton = (due: { amount: number; deposit: boolean; flow: Props['flow'] }) => ReactNode;

// docs/product/tasks-and-pricing.md: the checkbox says '30% deposit' or 'Pre-pay 30%' by a platform flag; ours is the first.
const DEPOSIT_LABEL = '30% deposit';

/** docs/product/tasks-and-pricing.md "Quote block": the prompt, the overdue state, the unpaid state with pay buttons, the paid summary. */
export function QuoteBlock({ order, flow, mode, payButton, onShowFields }: Props) {
  if (order.payment_state !== 'unpaid' || !order.changeable)
    return <PaidSummary order={order} mode={mode} payButton={payButton} />;
  if (order.price === null) {
    return (
      <section className={s.block} aria-label="Price">
        {flow === 'order' && order.bad_deadline ? <p className={s.overdue}>Task is overdue</p> : null}
        <p className={s.prompt}>Price for Geek's work will appear here</p>
        {onShowFields ? (
          <button type="button" className={s.secondary} onClick={onShowFields}>
            Show me the fields
          </button>
        ) : null}
      </section>
    );
  }
  return <UnpaidQuote order={order} flow={flow} mode={mode} payButton={payButton} />;
}

function UnpaidQuote({ order, flow, mode, payButton }: Omit<Props, 'onShowFields'>) {
  const update = useEditOrder(order._id);
  const partial = order.additional.includes('partial_payment');
  const price = order.price ?? 0;
  const deposit = order.partial_price ?? 0;
  const dueNow = partial ? deposit : price;
  return (
    <section className={s.block} aria-label="Price">
      <div className={s.totalRow}>
        <span className={s.totalLabel}>Total price</span>
        <span className={s.total} data-testid="quote-price">
          {usd(price)}
        </span>
      </div>
      {order.discount_amount > 0 && order.quote_price !== null ? (
        <p className={s.muted}>
          <s>{usd(order.quote_price + order.addons_total)}</s> {usd(order.discount_amount)} off with code{' '}
          {order.discount}
        </p>
      ) : null}
      {order.addons_total > 0 ? <p className={s.muted}>Add-ons included: {usd(order.addons_total)}</p> : null}
      <IncludedInPlan order={order} />
      <label className={s.deposit}>
        <input
          type="checkbox"
          checked={partial}
          // Busy, not disabled, while the choice is saved: a disabled box would drop the keyboard focus.
          aria-disabled={update.isPending || undefined}
          onChange={(e) => {
            if (update.isPending) return;
            const others = order.additional.filter((f) => f !== 'partial_payment');
            const additional = e.target.checked ? [...others, 'partial_payment'] : others;
            update.mutate({ additional: additional as OrderEditBody['additional'] });
          }}
        />
        <span>{DEPOSIT_LABEL}</span>
      </label>
      {partial ? (
        <p className={s.muted}>
          Pay {usd(deposit)} now and {usd(order.post_payment ?? 0)} when your task is done.
        </p>
      ) : null}
      <CouponBlock order={order} />
      {mode === 'task' ? (
        <Link className={s.pay} to={`/${flow}/${order._id}/checkout`}>
          Pay {usd(dueNow)}
        </Link>
      ) : (
        payButton?.({ amount: dueNow, deposit: partial, flow })
      )}
    </section>
  );
}

function PaidSummary({ order, mode, payButton }: Pick<Props, 'order' | 'mode' | 'payButton'>) {
  const left = order.amount_left ?? 0;
  return (
    <section className={s.block} aria-label="Payment">
      <div className={s.totalRow}>
        <span className={s.totalLabel}>Total price</span>
        <span className={s.total}>{order.price === null ? '—' : usd(order.price)}</span>
      </div>
      <IncludedInPlan order={order} />
      <dl className={s.summary}>
        <dt>Paid</dt>
        <dd>{usd(order.client_paid)}</dd>
        {left > 0 ? (
          <>
            <dt>Left to pay</dt>
            <dd>{usd(left)}</dd>
          </>
        ) : null}
      </dl>
      {left > 0 && !order.refunded && order.system_client_status !== 'Refund Requested' ? (
        mode === 'task' ? (
          // docs/product/payments-and-ledger.md, docs/product/statuses-and-state-machine.md: after the 30% deposit the rest is paid later from the task page.
          <Link className={s.pay} to={`/order/${order._id}/payment`}>
            {order.additional.includes('partial_payment') ? 'Pay the remaining 70%' : `Pay ${usd(left)}`}
          </Link>
        ) : (
          payButton?.({ amount: left, deposit: false, flow: 'order' })
        )
      ) : (
        <p className={s.paid}>
          {order.refunded
            ? 'Refunded'
            : order.system_client_status === 'Refund Requested'
              ? 'Refund requested'
              : 'Fully paid'}
        </p>
      )}
    </section>
  );
}

/** The add-ons the student's plan gives the task for free (decision 037), each at $0.00. */
function IncludedInPlan({ order }: { order: OrderView }) {
  const included = order.services.filter((sv) => sv.included_in_plan);
  if (included.length === 0) return null;
  return (
    <div className={s.included}>
      <p className={s.includedTitle}>{INCLUDED_IN_PLAN}</p>
      <ul className={s.includedList}>
        {included.map((sv) => (
          <li key={sv.service}>
            {sv.label} <span className={s.muted}>{usd(0)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
