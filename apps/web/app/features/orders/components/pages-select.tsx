import { PAGE_OPTIONS, pagesLabel } from '@geekly/domain/orders/order-form-schemas.ts';
import { type Ref, useId } from 'react';
import { Field } from '../../../components/field.tsx';
import s from './task-editor.module.css';

type Props = {
  /** The pages shown: the server's, or the one being saved. */
  value: number | null;
  onChange: (pages: number) => void;
  /** A save is running: the select looks and acts disabled but keeps the focus. */
  busy: boolean;
  /** docs/product/tasks-and-pricing.md: marked required when the quote asks for the missing fields. */
  required: boolean;
  error?: string | null;
  selectRef?: Ref<HTMLSelectElement>;
};

/** docs/product/tasks-and-pricing.md "Pages": 1 to 50, shown as '5 pages · 1375 words'; an empty first option while none is set. */
export function PagesSelect({ value, onChange, busy, required, error, selectRef }: Props) {
  const id = useId();
  const invalid = Boolean(error) || (required && value === null);
  return (
    <Field id={id} label="Pages" error={error} className={s.field}>
      <select
        id={id}
        ref={selectRef}
        className={invalid ? s.selectError : s.select}
        value={value ?? ''}
        aria-disabled={busy || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const pages = Number(e.target.value);
          if (!busy && Number.isInteger(pages) && pages > 0) onChange(pages);
        }}
      >
        {value === null ? <option value="" /> : null}
        {PAGE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {pagesLabel(n)}
          </option>
        ))}
      </select>
    </Field>
  );
}
