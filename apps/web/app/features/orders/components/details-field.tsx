import { useId } from 'react';
import { Field } from '../../../components/field.tsx';
import s from './task-editor.module.css';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onCommit: () => void;
  error?: string | null;
};

/** The task's details, saved when the field is left (docs/product/tasks-and-pricing.md "details text area"). */
export function DetailsField({ value, onChange, onCommit, error }: Props) {
  const id = useId();
  return (
    <Field id={id} label="Details" error={error} className={s.field}>
      <textarea
        id={id}
        className={error ? s.textareaError : s.textarea}
        rows={6}
        maxLength={20_000}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onCommit}
      />
    </Field>
  );
}
