import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useMenuButton } from './use-dismissable.ts';

/**
 * Everything a student owns, in the profile menu (desktop) and the 'My profile' tab (phones): issue 26 item 3.
 * The labels are the pages' own titles; docs/product/account.md names My Profile and Logout.
 */
const ACCOUNT_LINKS = [
  { to: '/balance', label: 'My Balance' },
  { to: '/my-geeks', label: 'My Geeks' },
  { to: '/referral', label: 'Invite friends' },
  { to: '/subscription', label: 'Subscription' },
  { to: '/profile', label: 'My Profile' },
] as const;

/** Whether a path is one of the menu's pages (the tab shows as current there). */
export const isAccountPath = (path: string) =>
  ACCOUNT_LINKS.some((l) => path === l.to || path.startsWith(`${l.to}/`));

/** Arrow keys, Home and End move between the items; Escape closes and gives the focus back to the button. */
function moveFocus(e: KeyboardEvent<HTMLElement>, close: () => void) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = (i: number) => {
    e.preventDefault();
    items[(i + items.length) % items.length]?.focus();
  };
  if (e.key === 'ArrowDown') to(at + 1);
  else if (e.key === 'ArrowUp') to(at - 1);
  else if (e.key === 'Home') to(0);
  else if (e.key === 'End') to(items.length - 1);
  else if (e.key === 'Escape') {
    e.preventDefault();
    close();
  } else if (e.key === 'Tab') close();
}

type Classes = { root?: string; trigger?: string; menu?: string; item?: string };

/** A menu button (WAI-ARIA pattern) opening the account links and Logout. */
export function AccountMenu({
  label,
  triggerContent,
  classes,
  onLogOut,
}: {
  /** The button's accessible name ('Profile menu', 'My profile'). */
  label: string;
  triggerContent: ReactNode;
  classes: Classes;
  onLogOut: () => void;
}) {
  const { open, setOpen, root, menuId, triggerProps } = useMenuButton();
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) root.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
  };
  return (
    <div className={classes.root} ref={root}>
      <button type="button" className={classes.trigger} aria-label={label} {...triggerProps}>
        {triggerContent}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={classes.menu}
          onKeyDown={(e) => moveFocus(e, () => close(e.key === 'Escape'))}
        >
          {ACCOUNT_LINKS.map((l) => (
            <Link key={l.to} role="menuitem" to={l.to} className={classes.item} onClick={() => close(false)}>
              {l.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            className={classes.item}
            onClick={() => {
              close(false);
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
