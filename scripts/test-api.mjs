// Runs the API suites on embedded PGlite, then again on a PostgreSQL server when
// TEST_DATABASE_URL is set (each test file creates and drops its own database there).
import { spawnSync } from 'node:child_process';

function run(label, env) {
  console.log(`\n▶ API tests on ${label}`);
  const result = spawnSync('vitest', ['run', '--project', 'api'], { stdio: 'inherit', env, shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...rest } = process.env;
run('embedded PGlite', rest);
if (TEST_DATABASE_URL) {
  run(`PostgreSQL (${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})`, { ...rest, TEST_DATABASE_URL });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipped the PostgreSQL server run)');
}
