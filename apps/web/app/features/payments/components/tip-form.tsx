import { centsToDollars, dollarsToCents, formatDollars } from '@geekly/domain/money.ts';
import { MAX_TIP_CENTS } from '@geekly/domain/orders/order-machine.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { parseTopUpAmount, TOP_UP_MAX_CHARS } from '@geekly/domain/payments/amount-schemas.ts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { MoneyField } from '../../../components/money-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/current-user.ts';
import { usePayTips } from '../api/pay-tips.ts';
import s from './tip-form.module.css';

const PRESETS = [500, 1000, 2000] as const;
type Choice = (typeof PRESETS)[number] | 'other';

// The spec gives no tip texts; these are ours. The amount rules are the top-up's (docs/product/payments-and-ledger.md "Amount").
const TOO_LARGE = `The largest tip is $${(MAX_TIP_CENTS / 100).toFixed(2)}`;

/** `can.tip` is the spec's rule (docs/product/statuses-and-state-machine.md); a tip also needs the task's Geek, which the API checks too. */
export const canTipNow = (o: Pick<OrderView, 'can' | 'writer_info'>) => o.can.tip && o.writer_info !== null;

type Props = { orderId: string; onPaid: (amount: string) => void };

/** Tip the Geek: a preset or another amount, from the balance first and the card for the rest. */
export function TipForm({ orderId, onPaid }: Props) {
  const me = useMe();
  const tips = usePayTips(orderId);
  const [choice, setChoice] = useState<Choice>(1000);
  const [other, setOther] = useState('');
  const [checked, setChecked] = useState(false);
  const [useBalance, setUseBalance] = useState(true);
  const name = useId();

  const parsed = choice === 'other' ? parseTopUpAmount(other) : ({ ok: true, cents: choice } as const);
  const amountError = !parsed.ok ? parsed.message : parsed.cents > MAX_TIP_CENTS ? TOO_LARGE : null;
  const balanceCents = dollarsToCents(me.data?.available_balance ?? 0);
  const tipCents = parsed.ok ? parsed.cents : 0;
  const fromBalance = useBalance ? Math.min(balanceCents, tipCents) : 0;
  const byCard = tipCents - fromBalance;
  const sending = tips.isPending || tips.data?.status === 'redirect';
  const serverError =
    tips.error instanceof ApiError
      ? (Object.values(tips.error.fieldErrors)[0] ?? tips.error.text)
      : tips.error
        ? 'Unknown error'
        : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    if (amountError || sending) return;
    const amount = centsToDollars(tipCents).toFixed(2);
    tips.mutate(
      { amount, account_balance_use: fromBalance },
      { onSuccess: (answer) => (answer.status === 'paid' ? onPaid(amount) : undefined) },
    );
  }

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <fieldset className={s.choices}>
        <legend className={s.legend}>How much would you like to tip?</legend>
        <div className={s.presets}>
          {PRESETS.map((cents) => (
            <label key={cents} className={choice === cents ? s.presetOn : s.preset}>
              <input
                type="radio"
                name={name}
                className="visually-hidden"
                checked={choice === cents}
                onChange={() => setChoice(cents)}
              />
              ${cents / 100}
            </label>
          ))}
          <label className={choice === 'other' ? s.presetOn : s.preset}>
            <input
              type="radio"
              name={name}
              className="visually-hidden"
              checked={choice === 'other'}
              onChange={() => setChoice('other')}
            />
            Other
          </label>
        </div>
      </fieldset>
      {choice === 'other' ? (
        <MoneyField
          label="Tip amount"
          value={other}
          maxLength={TOP_UP_MAX_CHARS}
          error={checked ? amountError : null}
          onChange={(e) => {
            setOther(e.target.value);
            tips.reset();
          }}
        />
      ) : null}
      {balanceCents > 0 ? (
        <label className={s.balance}>
          <input type="checkbox" checked={useBalance} onChange={(e) => setUseBalance(e.target.checked)} />
          <span>Use my balance ({formatDollars(balanceCents)})</span>
        </label>
      ) : null}
      {parsed.ok && byCard > 0 ? (
        <p className={s.note}>
          {fromBalance > 0 ? `${formatDollars(fromBalance)} from your balance, ` : ''}
          {formatDollars(byCard)} by card on our secure payment page.
        </p>
      ) : null}
      <Button type="submit" busy={sending} disabled={sending || (checked && amountError !== null)}>
        {parsed.ok ? `Tip ${formatDollars(tipCents)}` : 'Tip my Geek'}
      </Button>
      {serverError ? (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      ) : null}
    </form>
  );
}
