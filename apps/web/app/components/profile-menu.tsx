import { AccountMenu } from './account-menu.tsx';
import s from './profile-menu.module.css';

/** docs/product/account.md: the header's profile dropdown, with every page the student owns, then Logout. */
export function ProfileMenu({ email, onLogOut }: { email: string; onLogOut: () => void }) {
  return (
    <AccountMenu
      label="Profile menu"
      classes={{ root: s.root, trigger: s.trigger, menu: s.menu, item: s.item }}
      onLogOut={onLogOut}
      triggerContent={
        <span className={s.avatar} aria-hidden="true">
          {email.slice(0, 1).toUpperCase()}
        </span>
      }
    />
  );
}
