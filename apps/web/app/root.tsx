import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { queryClient } from './lib/query-client.ts';

// Runs before the first paint of every page: a dismissed promo banner stays hidden without a layout shift
// (features/landing/components/promo-banner.tsx). The CSP allows it by its hash (apps/api web-app.ts).
const PROMO_CLOSED_SCRIPT =
  "try{if(localStorage.getItem('geekly.promoBannerClosed')==='1')document.documentElement.setAttribute('data-promo-closed','')}catch(e){}";

import './styles/tokens.css';
import './styles/global.css';

/** The default title and description; each public page exports its own `meta`, which replaces these. */
export function meta() {
  return [
    { title: 'Geekly' },
    { name: 'description', content: 'Get help with your study tasks from expert Geeks.' },
  ];
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

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return <div className="page-loading" aria-busy="true" />;
}
