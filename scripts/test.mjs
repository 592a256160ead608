// `npm test`: the whole suite in stages (decision 034), with each stage's time printed at the end.
//   1. typecheck, lint and the domain tests, side by side
//   2. the API suites on PGlite and on the PostgreSQL server (TEST_DATABASE_URL), side by side
//   3. the deployment recipe (npm run test:deploy)
//   4. the web build, once per run
//   5. the browser stories (Playwright) against that build
// Any failed stage fails the run; the groups after it are not run.
import './check-node.mjs';
import { apiStages, runStages } from './run-stages.mjs';

const root = new URL('..', import.meta.url).pathname;

await runStages([
  [
    { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
    { name: 'lint', command: 'biome', args: ['check', '.'] },
    { name: 'domain tests', command: 'vitest', args: ['run', '--project', 'domain'] },
  ],
  apiStages(),
  // The deployment recipe (decision 032): Caddy before two API processes on the PostgreSQL server; it says why
  // when it skips (no caddy, or no server).
  [{ name: 'deploy recipe', command: 'node', args: ['scripts/test-deploy.mjs'] }],
  // Alone: its prerender gives each page 10 s, which a loaded machine can exceed when other stages compete.
  [{ name: 'web build', command: 'node', args: ['scripts/build-if-changed.mjs', '--force'] }],
  [{ name: 'browser stories', command: 'playwright', args: ['test'], cwd: `${root}e2e` }],
]);
