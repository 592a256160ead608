import { useEffect, useId, useRef, useState } from 'react';

/**
 * The open state of a popup (a menu, the date picker) that closes on a mousedown outside `root`:
 * put `root` on the element holding both the trigger and the popup.
 */
export function useDismissable<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  return { open, setOpen, root };
}

/**
 * A menu button's menu (WAI-ARIA menu button pattern): dismissable, its first item takes focus on opening, and
 * `triggerProps` wire the button (aria-haspopup, aria-expanded, aria-controls, toggling on click) to the
 * menu, which takes `id={menuId}`.
 */
export function useMenuButton() {
  const menu = useDismissable();
  const { open, setOpen, root } = menu;
  const menuId = useId();
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, root]);
  const triggerProps = {
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': menuId,
    onClick: () => setOpen((v) => !v),
  } as const;
  return { ...menu, menuId, triggerProps };
}
