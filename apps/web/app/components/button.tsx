import type { ButtonHTMLAttributes } from 'react';
import s from './button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean };

export function Button({ busy, children, className, ...rest }: Props) {
  return (
    <button
      className={className ? `${s.button} ${className}` : s.button}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? 'Sending…' : children}
    </button>
  );
}
