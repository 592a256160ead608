import { centsToDollars, dollarsToCents } from '@geekly/domain/money.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import type { PaymentContext } from '@geekly/domain/payments/pay-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { meQueryOptions, useMe } from '../../../lib/current-user.ts';
import { formatUsd as usd } from '../../../lib/format-money.ts';
import { orderQueryOptions } from '../../../lib/order-queries.ts';
import { usePayOrder } from '../api/pay-order.ts';
import s from './pay-due.module.css';

type Props = {
  order: OrderView;
  /** What this payment settles, in dollars, as the task shows it (the server charges its own figure). */
  due: number;
  /** The 30% deposit of an unpaid task (the pay body's `partial`). */
  deposit: boolean;
  context: PaymentContext;
  /** docs/product/http-api.md: the pay-from-balance screen sends the balance share as a string with 2 decimals. */
  balanceAsText?: boolean;
  label?: string;
  /** The balance line under the button; off where the screen shows the balance already. */
  showBalance?: boolean;
  onPaid: (order: OrderView) => void;
};

/**
 * Pays what is due with the balance share (account_balance_use = min(balance, due), docs/product/payments-and-ledger.md "part of the
 * price from the account balance"); when the balance does not cover it, the API answers with the gateway form
 * and the browser goes on to the card page for the rest.
 */
export function PayDue({
  order,
  due,
  deposit,
  context,
  balanceAsText,
  label,
  showBalance = true,
  onPaid,
}: Props) {
  const me = useMe();
  const pay = usePayOrder(order._id);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const dueCents = dollarsToCents(due);
  const balanceCents = dollarsToCents(me.data?.available_balance ?? 0);
  const fromBalance = Math.max(0, Math.min(balanceCents, dueCents));
  const byCard = dueCents - fromBalance;
  // The page stays busy while the browser leaves for the card page.
  const leaving = pay.data?.status === 'redirect';

  function submit() {
    setError(null);
    pay.mutate(
      {
        account_balance_use: balanceAsText ? centsToDollars(fromBalance).toFixed(2) : fromBalance,
        partial: deposit,
        expected_price: order.price ?? undefined,
        context,
      },
      {
        onSuccess: (answer) => {
          if (answer.status === 'paid') {
            announce('Payment received');
            onPaid(answer.order);
          }
        },
        onError: (err) => {
          setError(err instanceof ApiError ? err.text : 'Unknown error');
          // A moved price or a task paid from another tab: show the task as it is now.
          void queryClient.invalidateQueries({ queryKey: orderQueryOptions(order._id).queryKey });
          void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
        },
      },
    );
  }

  return (
    <div className={s.payDue}>
      <dl className={s.split}>
        {fromBalance > 0 ? (
          <>
            <dt>From your balance</dt>
            <dd data-testid="pay-from-balance">{usd(centsToDollars(fromBalance))}</dd>
          </>
        ) : null}
        {byCard > 0 ? (
          <>
            <dt>By card</dt>
            <dd data-testid="pay-by-card">{usd(centsToDollars(byCard))}</dd>
          </>
        ) : null}
      </dl>
      <Button
        type="button"
        className={s.button}
        busy={pay.isPending || leaving}
        disabled={pay.isPending || leaving || me.isPending || dueCents <= 0}
        onClick={submit}
      >
        {label ?? `Pay ${usd(due)}`}
      </Button>
      {showBalance ? (
        <p className={s.note}>
          Your balance: {usd(me.data?.available_balance ?? 0)}
          {byCard > 0 ? ' · the rest is paid by card on our secure payment page' : ''}
        </p>
      ) : null}
      {error ? (
        <p className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
