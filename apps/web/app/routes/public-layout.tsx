import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { PublicFooter } from '../components/public-footer.tsx';
import { PublicHeader } from '../components/public-header.tsx';
import { PromoBanner, usePromoBannerClosed } from '../features/landing/components/promo-banner.tsx';
import { useMe } from '../lib/current-user.ts';
import { hasPendingOrder } from '../lib/pending-order.ts';
// The auth popup and the footer's popup run as islands on the prerendered pages (decision 033), which bring
// no stylesheet of their own: the public pages hold their styles from the start.
import '../components/dialog.module.css';
import '../components/text-field.module.css';
import '../features/auth/components/auth-dialog.module.css';

// Logged-in visitors of the always-visible pages see the client area's header and footer (docs/product/public-site.md);
// loaded only then.
const AppHeader = lazy(() => import('../components/app-header.tsx').then((m) => ({ default: m.AppHeader })));
const AppFooter = lazy(() => import('../components/app-footer.tsx').then((m) => ({ default: m.AppFooter })));

/** A route's `handle`: marketing pages send a logged-in user to /orders; legal pages leave it out. */
export type PublicRouteHandle = { marketing?: boolean };

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The public site's frame (docs/product/public-site.md): promo banner, header (fixed once the banner has scrolled away),
 * the page and the footer. Pages whose route handle says `marketing` redirect a logged-in user to /orders
 * after hydration, unless a task started before logging in is pending.
 */
export default function PublicLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const marketing = useMatches().some((m) => (m.handle as PublicRouteHandle | undefined)?.marketing);
  const loggedIn = Boolean(me.data);

  // A signed-in visitor's prerendered page hydrates after it loads (apps/web/scripts/public-islands.mjs); browser
  // stories wait for this mark before they interact.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    if (loggedIn && marketing && !hasPendingOrder()) navigate('/orders', { replace: true });
  }, [loggedIn, marketing, navigate]);

  const bannerRef = useRef<HTMLElement>(null);
  const bannerClosed = usePromoBannerClosed();
  const [bannerHeight, setBannerHeight] = useState(0);
  useIsoLayoutEffect(() => {
    const banner = bannerRef.current;
    if (!banner || bannerClosed) {
      setBannerHeight(0);
      return;
    }
    // The observer reports the first size itself, before the next paint: no forced layout during hydration.
    const observer = new ResizeObserver(() => setBannerHeight(banner.offsetHeight));
    observer.observe(banner);
    return () => observer.disconnect();
  }, [bannerClosed]);

  return (
    <div className="public-shell">
      {loggedIn && me.data ? (
        <Suspense fallback={<div className="public-header-space" />}>
          <AppHeader user={me.data} />
        </Suspense>
      ) : (
        <>
          <PromoBanner ref={bannerRef} />
          <PublicHeader bannerHeight={bannerHeight} />
        </>
      )}
      <div className="public-main">
        <Outlet />
      </div>
      {loggedIn ? (
        <Suspense fallback={null}>
          <AppFooter />
        </Suspense>
      ) : (
        <PublicFooter />
      )}
    </div>
  );
}
