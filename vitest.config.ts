import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts'] } },
      // The web app's logic that no story can pin down (a race, a library's behaviour it leans on).
      { test: { name: 'web', root: 'apps/web', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/helpers/database-template.ts'],
          // One worker serves many files: PGlite's WebAssembly and the app's modules load once per worker rather
          // than once per file (half the run's time). Test files share no state: each builds its own app.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
