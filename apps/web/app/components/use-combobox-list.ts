import { type KeyboardEvent, useState } from 'react';

/**
 * The list state of a hand-written combobox (WAI-ARIA pattern: focus stays in the input, the active option
 * is named by aria-activedescendant). Hand-written on purpose: React Aria's combobox hides the rest of the
 * page from screen readers while its list is open.
 */
export function useComboboxList(optionCount: number) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  return {
    open,
    setOpen,
    active,
    /** Closed, with no option active. */
    close() {
      setOpen(false);
      setActive(-1);
    },
    /** Typing opens the list with no option active. */
    typed() {
      setOpen(true);
      setActive(-1);
    },
    /** ArrowDown opens the list and moves down, ArrowUp moves up; true when the key was one of them. */
    arrowKey(e: KeyboardEvent) {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        setOpen(true);
        setActive((a) => Math.min(a + 1, optionCount - 1));
        return true;
      }
      if (e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((a) => Math.max(a - 1, 0));
        return true;
      }
      return false;
    },
  };
}
