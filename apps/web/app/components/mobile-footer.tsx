import { NavLink } from 'react-router';
import s from './mobile-footer.module.css';

/** Seed 000 §2: below the 1023px breakpoint, My tasks, My profile and the add-task link. */
export function MobileFooter() {
  return (
    <nav className={s.bar} aria-label="Mobile">
      <NavLink to="/orders" className={s.item}>
        My tasks
      </NavLink>
      <NavLink to="/create" className={s.add} aria-label="Add new task">
        +
      </NavLink>
      <NavLink to="/profile" className={s.item}>
        My profile
      </NavLink>
    </nav>
  );
}
