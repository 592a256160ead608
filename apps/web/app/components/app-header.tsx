import { Link } from 'react-router';
import type { StudentProfile } from '../lib/current-user.ts';
import { formatUsd } from '../lib/format-money.ts';
import { useLogOut } from '../lib/log-out.ts';
import s from './app-header.module.css';
import { ProfileMenu } from './profile-menu.tsx';

/** `minimal`: the new-order flow hides the header links (docs/product/tasks-and-pricing.md). */
export function AppHeader({ user, minimal = false }: { user: StudentProfile; minimal?: boolean }) {
  const logOut = useLogOut();
  return (
    <header className={s.header}>
      <Link to="/orders" className="logo">
        Geekly
      </Link>
      <nav className={s.nav} aria-label="Main">
        {minimal ? null : (
          <>
            <Link to="/orders" className={s.link}>
              My Tasks
            </Link>
            <Link to="/my-geeks" className={s.link}>
              My Geeks
            </Link>
            <Link
              to="/balance"
              className={s.balance}
              aria-label={`Balance ${formatUsd(user.available_balance)}`}
            >
              {formatUsd(user.available_balance)}
            </Link>
          </>
        )}
        <ProfileMenu email={user.email} onLogOut={() => logOut.mutate()} />
      </nav>
    </header>
  );
}
