import type { ButtonHTMLAttributes } from 'react';
import s from './button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; variant?: 'primary' | 'secondary' };

export function Button({ busy, variant = 'primary', children, className, ...rest }: Props) {
  const base = variant === 'secondary' ? s.secondary : s.button;
  return (
    <button className={className ? `${base} ${className}` : base} aria-busy={busy || undefined} {...rest}>
      {busy ? 'Sending…' : children}
    </button>
  );
}
