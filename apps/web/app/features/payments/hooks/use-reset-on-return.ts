import { useEffect } from 'react';

/**
 * The browser's Back button from the gateway's card page may restore this page from the back/forward cache,
 * frozen in its 'Sending…' state; the payment call is reset so the student can try again.
 */
export function useResetOnReturn(reset: () => void) {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
}
