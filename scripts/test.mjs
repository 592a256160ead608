// `npm test`: the whole suite in stages (decision 034), with each stage's time printed at the end.
//   1. typecheck, lint, domain tests and the web build, side by side (the build once per run, for the stories)
//   2. the API suites on PGlite and on the PostgreSQL server (TEST_DATABASE_URL), side by side
//   3. the browser stories (Playwright) against the build of stage 1
// Any failed stage fails the run; the groups after it are not run.
import './check-node.mjs';
import { apiStages, runStages } from './run-stages.mjs';

const root = new URL('..', import.meta.url).pathname;

await runStages([
  [
    { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
    { name: 'lint', command: 'biome', args: ['check', '.'] },
    { name: 'domain tests', command: 'vitest', args: ['run', '--project', 'domain'] },
    { name: 'web build', command: 'node', args: ['scripts/build-if-changed.mjs', '--force'] },
  ],
  apiStages(),
  [{ name: 'browser stories', command: 'playwright', args: ['test'], cwd: `${root}e2e` }],
]);
