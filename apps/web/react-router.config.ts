import type { Config } from '@react-router/dev/config';

/**
 * The public pages are prerendered to static HTML at build time and hydrated (decision 011); everything
 * else stays a single-page app (`ssr: false`), served from the SPA fallback.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/lp1_c2_fb',
  '/lp2_c2_fb',
  '/lp3_c2_fb',
  '/lp4_c2_fb',
  '/lp5_c2_fb',
  '/lp6_c2_fb',
  '/lp0_m1',
  '/lp1_m1',
  '/lp2_m1',
  '/lp3_m1',
  '/lp4_m1',
  '/lp5_m1',
  '/lp7_m1',
  '/lp_paid',
  '/about-us',
];

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  prerender: PRERENDERED_PATHS,
} satisfies Config;
