import { type Ref, useSyncExternalStore } from 'react';
import s from './promo-banner.module.css';
import { PROMO_CLOSED_ATTRIBUTE, PROMO_CLOSED_KEY } from './promo-banner-storage.ts';

/**
 * docs/product/tasks-and-pricing.md: NEWUSER gives new users 25% off the first 5 tasks; the banner stays closed once dismissed.
 * root.tsx marks <html data-promo-closed> before the first paint, so a dismissed banner never flashes
 * or shifts the prerendered page.
 */

const listeners = new Set<() => void>();
const isClosed = () => {
  try {
    return localStorage.getItem(PROMO_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePromoBannerClosed() {
  return useSyncExternalStore(subscribe, isClosed, () => false);
}

function dismiss() {
  try {
    localStorage.setItem(PROMO_CLOSED_KEY, '1');
  } catch {
    // Without storage the banner still closes for this page view.
  }
  document.documentElement.setAttribute(PROMO_CLOSED_ATTRIBUTE, '');
  for (const l of listeners) l();
}

export function PromoBanner({ ref }: { ref?: Ref<HTMLElement> }) {
  const closed = usePromoBannerClosed();
  if (closed) return null;
  return (
    <aside ref={ref} className={s.banner} aria-label="Promotion" data-promo-banner="">
      <p className={s.text}>
        New here? Use code <strong className={s.code}>NEWUSER</strong> for 25% off your first 5 tasks.
      </p>
      <button type="button" className={s.close} aria-label="Dismiss the promotion" onClick={dismiss}>
        ×
      </button>
    </aside>
  );
}
