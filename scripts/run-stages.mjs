// Runs test stages in groups: the stages of a group at the same time (each a child process), the groups one
// after another, and prints every stage's time at the end (decision 034). A stage alone in its group writes
// straight to the terminal; stages that share a group have their output held and printed whole when each
// ends, so a failure's output is never interleaved with another stage's. After a group with a failed stage
// the later groups are not run, and the process exits with the failed stage's code.
import { spawn } from 'node:child_process';

/**
 * @typedef {{ name: string, command: string, args?: string[], cwd?: string, env?: NodeJS.ProcessEnv, skip?: string }} Stage
 * `skip`: run nothing and show this reason in the table.
 */

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};

/** @param {Stage} stage @param {boolean} alone */
function runStage(stage, alone) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(stage.command, stage.args ?? [], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: stage.env ?? process.env,
      cwd: stage.cwd,
    });
    children.add(child);
    let output = '';
    if (!alone) {
      console.log(`▶ ${stage.name} started`);
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
    }
    const finish = (code) => {
      children.delete(child);
      const ms = performance.now() - started;
      if (!alone) {
        console.log(`\n──── ${stage.name} (${seconds(ms)}) ────`);
        process.stdout.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
        console.log(`──── end of ${stage.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} ────\n`);
      }
      resolve({ name: stage.name, ms, code });
    };
    child.on('error', (err) => {
      output += `${err.message}\n`;
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** @param {Stage[][]} groups @returns {Promise<never>} */
export async function runStages(groups) {
  const started = performance.now();
  const results = [];
  const database = process.env.TEST_DATABASE_URL;
  if (database) console.log(`PostgreSQL server for the API tests: ${database.replace(/:[^:@/]*@/, ':***@')}`);
  let failed;
  for (const group of groups) {
    if (failed) {
      for (const stage of group) results.push({ name: stage.name, note: 'not run' });
      continue;
    }
    const runnable = group.filter((s) => !s.skip);
    const done = await Promise.all(runnable.map((s) => runStage(s, runnable.length === 1)));
    for (const stage of group) {
      if (stage.skip) results.push({ name: stage.name, note: `skipped: ${stage.skip}` });
      else results.push(done.find((r) => r.name === stage.name));
    }
    failed = done.find((r) => r.code !== 0);
  }
  const width = Math.max(...results.map((r) => r.name.length), 5);
  console.log('\nStage times (stages side by side in a group ran at the same time):');
  for (const r of results) {
    const result = r.note ?? (r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`);
    console.log(
      `  ${r.name.padEnd(width)}  ${(r.ms === undefined ? '' : seconds(r.ms)).padStart(8)}  ${result}`,
    );
  }
  console.log(`  ${'total'.padEnd(width)}  ${clock(performance.now() - started).padStart(8)}`);
  process.exit(failed ? failed.code || 1 : 0);
}

/**
 * The two API runs (decision 034): embedded PGlite, and the PostgreSQL server when TEST_DATABASE_URL is set. Each
 * is one Vitest process with one worker on a 2-core machine, so side by side they use both cores.
 */
export function apiStages(env = process.env) {
  const { TEST_DATABASE_URL, ...rest } = env;
  const vitest = { command: 'vitest', args: ['run', '--project', 'api'] };
  return [
    { name: 'API on PGlite', ...vitest, env: rest },
    TEST_DATABASE_URL
      ? {
          name: 'API on PostgreSQL',
          ...vitest,
          env: { ...rest, TEST_DATABASE_URL },
        }
      : { name: 'API on PostgreSQL', skip: 'TEST_DATABASE_URL is not set', command: '' },
  ];
}
