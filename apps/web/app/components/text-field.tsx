import { type InputHTMLAttributes, useId } from 'react';
import { Field } from './field.tsx';
import s from './text-field.module.css';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null };

export function TextField({ label, error, ...input }: Props) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        className={error ? s.inputError : s.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </Field>
  );
}
