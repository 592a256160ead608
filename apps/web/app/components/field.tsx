import type { ReactNode } from 'react';
import s from './text-field.module.css';

type Props = {
  /** The control's id: the label points at it, and the error is `${id}-error` (for aria-describedby). */
  id: string;
  label: string;
  error?: string | null;
  /** The wrapper's class, when it must do more than stack label, control and error. */
  className?: string;
  children: ReactNode;
};

/** A labelled form control with its error below, announced when it appears. */
export function Field({ id, label, error, className, children }: Props) {
  return (
    <div className={className ?? s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
