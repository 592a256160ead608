import { type InputHTMLAttributes, useId } from 'react';
import { Field } from './field.tsx';
import s from './money-field.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string | null;
};

/** A dollar amount typed as text: placeholder '00.00' and a '$' suffix (docs/product/payments-and-ledger.md "Balance"). */
export function MoneyField({ label, error, className, ...input }: Props) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} className={className}>
      <span className={error ? s.wrapError : s.wrap}>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="00.00"
          className={s.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <span className={s.suffix} aria-hidden="true">
          $
        </span>
      </span>
    </Field>
  );
}
