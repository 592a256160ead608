import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, focus moves to the new page's h1 (issue 27, WCAG 2.4.3): a screen-reader user
 * hears where they are instead of starting from <body>. Not on the first load (the browser starts at the top),
 * not when the new route opened a dialog or a panel that focuses itself, and not when only the hash or query
 * changed. The page title comes from each route's `meta`.
 */
export function useRouteFocus(container: string) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // The h1 of the page in view: a route that keeps it (a dialog opening or closing over the page) moves nothing,
  // so a closed dialog's focus goes back to what opened it.
  const shown = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    // The new page renders (and its data may arrive) after the URL changes: try for a moment.
    let tries = 0;
    let timer = 0;
    const focusHeading = () => {
      const heading = document.querySelector(container)?.querySelector<HTMLElement>('h1') ?? null;
      if (heading && (initial || heading === shown.current)) {
        shown.current = heading;
        return;
      }
      // A dialog, or a panel marked data-owns-focus (the messages panel), has placed the focus itself.
      if (document.querySelector('dialog[open]') || document.activeElement?.closest('[data-owns-focus]'))
        return;
      if (heading) {
        shown.current = heading;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
        return;
      }
      if (++tries < 20) timer = window.setTimeout(focusHeading, 100);
    };
    timer = window.setTimeout(focusHeading, 0);
    return () => window.clearTimeout(timer);
  }, [pathname, container]);
}
