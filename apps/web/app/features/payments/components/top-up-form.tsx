import { centsToDollars } from '@geekly/domain/money.ts';
import {
  acceptTopUpInput,
  parseTopUpAmount,
  TOP_UP_MAX_CHARS,
} from '@geekly/domain/payments/amount-schemas.ts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { MoneyField } from '../../../components/money-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTopUpBalance } from '../api/top-up-balance.ts';
import s from './top-up-form.module.css';

/**
 * docs/product/payments-and-ledger.md "Balance form": it starts valid; an invalid amount shows 'Please enter amount more than
 * $00.00' and blocks the submit; a valid one marks the form sending and posts to the gateway. The amount rules
 * are the domain's (docs/product/payments-and-ledger.md), the same the API applies.
 */
export function TopUpForm() {
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const topUp = useTopUpBalance();
  const parsed = parseTopUpAmount(amount);
  const error = checked && !parsed.ok ? parsed.message : null;
  const serverError =
    topUp.error instanceof ApiError
      ? (topUp.error.fieldErrors.amount ?? topUp.error.text)
      : topUp.error
        ? 'Unknown error'
        : null;
  // Sending lasts until the browser has left for the card page.
  const sending = topUp.isPending || topUp.isSuccess;

  function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    if (!parsed.ok || sending) return;
    topUp.mutate(centsToDollars(parsed.cents).toFixed(2));
  }

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Top up your balance">
      <MoneyField
        label="Top-up amount"
        className={s.field}
        value={amount}
        maxLength={TOP_UP_MAX_CHARS}
        error={error ?? serverError}
        onChange={(e) => {
          setAmount(acceptTopUpInput(amount, e.target.value));
          topUp.reset();
        }}
      />
      <Button type="submit" className={s.button} busy={sending} disabled={sending || error !== null}>
        Top up now
      </Button>
    </form>
  );
}
