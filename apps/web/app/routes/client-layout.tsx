import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { AppFooter } from '../components/app-footer.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { LiveAnnouncer } from '../components/live-announcer.tsx';
import { MobileFooter } from '../components/mobile-footer.tsx';
import { useRouteFocus } from '../components/use-route-focus.ts';
import { AccountBanners } from '../features/account/components/account-banners.tsx';
import { useLiveUpdates } from '../features/live/use-live-updates.ts';
import { ChatButton } from '../features/messages/components/chat-button.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useMe } from '../lib/current-user.ts';
import { clearPendingOrder } from '../lib/pending-order.ts';
import { rememberBouncedFrom } from '../lib/return-to.ts';

/** The signed-in client area: a visitor goes to the log-in popup and comes back afterwards. */
export default function ClientLayout() {
  const me = useMe();
  const location = useLocation();
  // docs/product/tasks-and-pricing.md: the new-order flow hides the header links.
  const matches = useMatches();
  const minimal = matches.some((m) => m.id === 'neworder' || m.id === 'neworder-checkout');
  // docs/product/tasks-and-pricing.md: no phone banners on task, new-order and profile pages.
  const onTaskPage =
    location.pathname === '/profile' ||
    location.pathname.startsWith('/order/') ||
    location.pathname.startsWith('/neworder/');
  const unauthenticated =
    me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403);
  useEffect(() => {
    if (unauthenticated) rememberBouncedFrom(location);
  }, [unauthenticated, location]);
  // Decision 040: a task started while logged out is kept until a sign-in succeeds. Signed in, it has been
  // created (by the log-in popup, or by the server after Google), and a later log-in must not open it again.
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (signedIn) clearPendingOrder();
  }, [signedIn]);
  useLiveUpdates(signedIn);
  useRouteFocus('main.page');

  if (unauthenticated) return <Navigate to="/login" replace />;
  if (me.isError) {
    return (
      <main className="page">
        <p role="alert">
          Sorry! We are experiencing technical difficulties. Please try again in a few minutes.
        </p>
      </main>
    );
  }
  if (!me.data) return <div className="page-loading" aria-busy="true" />;
  return (
    <div className="app-shell">
      <AppHeader user={me.data} minimal={minimal} />
      <main className="page">
        <AccountBanners user={me.data} onTaskPage={onTaskPage} />
        <Outlet />
      </main>
      <AppFooter belowChatButton />
      <MobileFooter />
      <ChatButton user={me.data} />
      <LiveAnnouncer />
    </div>
  );
}
