// `npm test`: the whole suite as stages that start once what they need has passed (decision 034), with each
// stage's time printed at the end:
//   - typecheck, lint, the unit tests (domain and web) and the two API runs (PGlite, and the PostgreSQL server when
//     TEST_DATABASE_URL is set) start at once;
//   - the deployment recipe (npm run test:deploy) once the API run on the server is done (both use the server),
//     beside the PGlite run's last minutes, which use one core;
//   - the web build once the checks and the recipe passed: its prerender gives each page 10 s, so it does not
//     start beside typecheck;
//   - the browser stories against that build once both API runs are done. Not beside the PGlite run: tried, the
//     stories took both cores, the PGlite run stretched from 7 to 24 minutes and a test of it timed out.
// A failed stage stops the run (decision 034 has the reasons for this order).
import './check-node.mjs';
import { apiStages, runStages } from './run-stages.mjs';

const root = new URL('..', import.meta.url).pathname;
const checks = ['typecheck', 'lint', 'boundaries', 'pointers', 'unit tests'];

await runStages([
  { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'lint', command: 'biome', args: ['check', '.'] },
  // Decision 062: the code's boundaries (a ratchet on the violations older than the check), and no comment that
  // points to a document outside the repository.
  { name: 'boundaries', command: 'node', args: ['scripts/check-boundaries.mjs'] },
  { name: 'pointers', command: 'node', args: ['scripts/check-pointers.mjs'] },
  // The domain's rules, and the web app's few logic tests (apps/web/test).
  { name: 'unit tests', command: 'vitest', args: ['run', '--project', 'domain', '--project', 'web'] },
  ...apiStages(),
  // The deployment recipe (decision 032): Caddy before two API processes on the PostgreSQL server; it says why
  // when it skips (no caddy, or no server).
  { name: 'deploy recipe', command: 'node', args: ['scripts/test-deploy.mjs'], after: ['API on PostgreSQL'] },
  {
    name: 'web build',
    command: 'node',
    args: ['scripts/build-if-changed.mjs', '--force'],
    after: [...checks, 'deploy recipe'],
  },
  {
    name: 'browser stories',
    command: 'playwright',
    args: ['test'],
    cwd: `${root}e2e`,
    after: ['web build', 'API on PGlite', 'API on PostgreSQL'],
  },
]);
