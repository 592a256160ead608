import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // A single-page app for now; the public-site issue adds `prerender` for the marketing pages.
  ssr: false,
} satisfies Config;
