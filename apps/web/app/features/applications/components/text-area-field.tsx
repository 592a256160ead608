import { type TextareaHTMLAttributes, useId } from 'react';
import { Field } from '../../../components/field.tsx';
import s from './application-forms.module.css';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | null | undefined;
};

export function TextAreaField({ label, error, ...textarea }: Props) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <textarea
        id={id}
        className={error ? s.textareaError : s.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
    </Field>
  );
}
