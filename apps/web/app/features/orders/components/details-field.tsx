import { useId } from 'react';
import s from './task-editor.module.css';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onCommit: () => void;
  error?: string | null;
};

/** The task's details, saved when the field is left (seed 000 §2 "details text area"). */
export function DetailsField({ value, onChange, onCommit, error }: Props) {
  const id = useId();
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        Details
      </label>
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
      {error ? (
        <p id={`${id}-error`} className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
