import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { StagingBanner } from './components/staging-banner.tsx';
import { startAnalytics } from './lib/analytics.ts';
import { setErrorNavigator } from './lib/error-routing.ts';
import { queryClient } from './lib/query-client.ts';
import { rememberEmailLink } from './lib/return-to.ts';
import { rememberLanding } from './lib/sign-up-extras.ts';

// Its own chunk, loaded after hydration, so the banner never delays a page's first render.
const ConsentBanner = lazy(() =>
  import('./features/consent/components/consent-banner.tsx').then((m) => ({ default: m.ConsentBanner })),
);

// Runs before the first paint of every page: a dismissed promo banner stays hidden without a layout shift
// (features/landing/components/promo-banner.tsx). The CSP allows it by its hash (apps/api web-app.ts).
const PROMO_CLOSED_SCRIPT =
  "try{if(localStorage.getItem('geekly.promoBannerClosed')==='1')document.documentElement.setAttribute('data-promo-closed','')}catch(e){}";

import './styles/tokens.css';
import './styles/global.css';
// The public pages render the cookie banner as an island (decision 033), which brings no stylesheet of its
// own: every page holds its styles from the start.
import './components/button.module.css';
import './features/consent/components/consent-banner.module.css';

/** The default title and description; each public page exports its own `meta`, which replaces these. */
export function meta() {
  return [
    { title: 'Geekly' },
    { name: 'description', content: 'Get help with your study tasks from expert Geeks.' },
  ];
}

/** The site's icon (without one the browser asks for /favicon.ico and logs a 404 on every page). */
export function links() {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, allowed by its CSP hash */}
        <script dangerouslySetInnerHTML={{ __html: PROMO_CLOSED_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** docs/product/tasks-and-pricing.md: the landing page and its query, and links from e-mails, are remembered for later. */
function useRememberWaysIn() {
  const location = useLocation();
  useEffect(() => rememberLanding(location), [location]);
  useEffect(() => rememberEmailLink(location), [location]);
}

/** docs/product/public-site.md: failures are routed through the router once the app runs. */
function GlobalErrorRouting() {
  const navigate = useNavigate();
  useEffect(() => {
    setErrorNavigator((to, opts) => navigate(to, opts));
    return () => setErrorNavigator(null);
  }, [navigate]);
  return null;
}

function DeferredConsentBanner() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startAnalytics();
    setHydrated(true);
    // Browser stories wait for this mark before using a prerendered page (it hydrates after loading).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}

export default function App() {
  useRememberWaysIn();
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalErrorRouting />
      <StagingBanner />
      <Outlet />
      <DeferredConsentBanner />
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return <div className="page-loading" aria-busy="true" />;
}
