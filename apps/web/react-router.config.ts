import type { Config } from '@react-router/dev/config';
import { LANDING_VARIANT_PATHS } from './app/features/landing/landing-variants.ts';
import { NOT_FOUND_PAGE_PATH, writeRouteManifest } from './scripts/route-manifest.ts';

/**
 * The public pages are prerendered to static HTML at build time and hydrated (decision 011); everything
 * else stays a single-page app (`ssr: false`), served from the SPA fallback. The paid-traffic landing of
 * docs/product/public-site.md lives at /lp_paid.
 */
export const PRERENDERED_PATHS = [
  '/',
  ...LANDING_VARIANT_PATHS.map((path) => `/${path}`),
  '/lp_paid',
  '/about-us',
  '/join-our-team',
  '/for-teachers',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
  '/honor-code',
  '/cookie-policy',
  '/maintenance',
  '/healthcheck',
  '/access-denied',
  '/page-not-found',
  // Rendered through the catch-all route: the server answers every unknown path with it and a 404 status
  // (decision 016), and the browser's router matches the same route there, so hydration finds the same page.
  NOT_FOUND_PAGE_PATH,
];

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  prerender: PRERENDERED_PATHS,
  // The server answers a real 404 for a path no route matches: it reads the route table written here.
  buildEnd: ({ reactRouterConfig }) =>
    writeRouteManifest(reactRouterConfig.routes, `${reactRouterConfig.buildDirectory}/client`),
} satisfies Config;
