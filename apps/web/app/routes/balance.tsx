import { dollarsToCents } from '@geekly/domain/money.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { BalanceHistory } from '../features/payments/components/balance-history.tsx';
import { TopUpForm } from '../features/payments/components/top-up-form.tsx';
import { meQueryOptions, useMe } from '../lib/current-user.ts';
import { formatUsd } from '../lib/format-money.ts';
import s from './balance.module.css';

export function meta() {
  return [{ title: 'My Balance — Geekly' }];
}

/** docs/product/payments-and-ledger.md "Balance (/balance)": the balance, the top-up form and the history of the ledger entries. */
export default function BalanceRoute() {
  const me = useMe();
  const queryClient = useQueryClient();
  // Money moves outside this tab (the gateway, an operator's refund): the page asks for the balance again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  }, [queryClient]);
  const balance = me.data?.available_balance ?? 0;
  return (
    <div className={s.page}>
      <h1 className={s.title}>My Balance</h1>
      <section className={s.card} aria-label="Your balance">
        <p className={s.amount} data-testid="balance-amount">
          {formatUsd(balance)}
        </p>
        {dollarsToCents(balance) === 0 ? (
          <div className={s.zero}>
            <p className={s.zeroLead}>Your account balance will appear here</p>
            <p className={s.zeroText}>You can use it to pay for our services</p>
          </div>
        ) : null}
        <TopUpForm />
      </section>
      <BalanceHistory />
      <Outlet />
    </div>
  );
}
