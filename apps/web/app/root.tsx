import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { queryClient } from './lib/query-client.ts';
import { rememberEmailLink } from './lib/return-to.ts';
import { rememberLanding } from './lib/sign-up-extras.ts';
import './styles/tokens.css';
import './styles/global.css';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Geekly</title>
        <meta name="description" content="Get help with your study tasks from expert Geeks." />
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

/** Seed 000 §2: the landing page and its query, and links from e-mails, are remembered for later. */
function useRememberWaysIn() {
  const location = useLocation();
  useEffect(() => rememberLanding(location), [location]);
  useEffect(() => rememberEmailLink(location), [location]);
}

export default function App() {
  useRememberWaysIn();
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return <div className="page-loading" aria-busy="true" />;
}
