import { Link } from 'react-router';
import s from './profile-menu.module.css';
import { useMenuButton } from './use-dismissable.ts';

/** Seed 000 §2: profile dropdown with My Profile and Logout (menu button pattern). */
export function ProfileMenu({ email, onLogOut }: { email: string; onLogOut: () => void }) {
  const { open, setOpen, root, menuId, triggerProps } = useMenuButton();

  return (
    <div className={s.root} ref={root}>
      <button type="button" className={s.trigger} aria-label="Profile menu" {...triggerProps}>
        <span className={s.avatar} aria-hidden="true">
          {email.slice(0, 1).toUpperCase()}
        </span>
      </button>
      {open ? (
        <div
          id={menuId}
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
