import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import s from './profile-menu.module.css';

/** Seed 000 §2: profile dropdown with My Profile and Logout (menu button pattern). */
export function ProfileMenu({ email, onLogOut }: { email: string; onLogOut: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className={s.root} ref={root}>
      <button
        type="button"
        className={s.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label="Profile menu"
        onClick={() => setOpen((v) => !v)}
      >
        <span className={s.avatar} aria-hidden="true">
          {email.slice(0, 1).toUpperCase()}
        </span>
      </button>
      {open ? (
        <div
          id={id}
          role="menu"
          className={s.menu}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          <Link role="menuitem" to="/profile" className={s.item} onClick={() => setOpen(false)}>
            My Profile
          </Link>
          <button
            type="button"
            role="menuitem"
            className={s.item}
            onClick={() => {
              setOpen(false);
              onLogOut();
            }}
          >
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}
