import { NavLink, useLocation } from 'react-router';
import { useLogOut } from '../lib/log-out.ts';
import { AccountMenu, isAccountPath } from './account-menu.tsx';
import s from './mobile-footer.module.css';

/**
 * docs/product/account.md: below the 1023px breakpoint, My tasks, My profile and the add-task link. 'My profile' opens the
 * same pages as the header's profile menu (issue 26 item 3), upwards.
 */
export function MobileFooter() {
  const logOut = useLogOut();
  const { pathname } = useLocation();
  const current = isAccountPath(pathname);
  return (
    <nav className={s.bar} aria-label="Mobile">
      <NavLink to="/orders" className={s.item}>
        My tasks
      </NavLink>
      <NavLink to="/create" className={s.add} aria-label="Add new task">
        +
      </NavLink>
      <AccountMenu
        label="My profile"
        classes={{
          root: s.menuRoot,
          trigger: [s.item, s.trigger, current ? s.current : ''].join(' '),
          menu: s.menu,
          item: s.menuItem,
        }}
        onLogOut={() => logOut.mutate()}
        triggerContent="My profile"
      />
    </nav>
  );
}
