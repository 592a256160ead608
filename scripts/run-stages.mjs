// Runs test stages as soon as what they need has passed (each a child process), and prints every stage's time at
// the end (decision 034). A stage that starts while no other runs writes straight to the terminal;
// one that starts beside others has its output held and printed whole when it ends, so a failure's output is never
// interleaved with another stage's. When a stage fails, nothing new starts, the stages still running are stopped,
// and the process exits with the failed stage's code.
import { spawn } from 'node:child_process';

/**
 * @typedef {{ name: string, command: string, args?: string[], cwd?: string, env?: NodeJS.ProcessEnv,
 *   skip?: string, after?: string[] }} Stage
 * `skip`: run nothing and show this reason in the table (a skipped stage counts as done for those after it).
 * `after`: the stages that must have passed (or been skipped) before this one starts.
 */

const children = new Set();
const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
};
/**
 * Each stage runs in its own process group. Stopping one sends it SIGINT, as Ctrl-C would: Vitest and Playwright
 * then close what they started, including Playwright's web servers, which run in process groups of their own and
 * outlived a SIGTERM (their ports then stopped the next run). Whatever is left 15 s later is killed.
 */
const stop = (child, signal = 'SIGINT') => {
  signalGroup(child, signal);
  setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone: everything in it ended
    }
  }, 15_000).unref();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) stop(child, signal);
    process.exit(130);
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};

/** @param {Stage} stage @param {boolean} alone @param {number} t0 */
function runStage(stage, alone, t0) {
  let child;
  const done = new Promise((resolve) => {
    const started = performance.now();
    child = spawn(stage.command, stage.args ?? [], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: stage.env ?? process.env,
      cwd: stage.cwd,
      detached: true,
    });
    children.add(child);
    let output = '';
    console.log(
      `▶ ${stage.name} started at ${clock(started - t0)}${alone ? '' : ' (output held until it ends)'}`,
    );
    if (!alone) {
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
      resolve({ name: stage.name, ms, code, startedAt: started - t0 });
    };
    child.on('error', (err) => {
      output += `${err.message}\n`;
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
  return { child, done };
}

/** @param {Stage[]} stages @returns {Promise<never>} */
export async function runStages(stages) {
  const t0 = performance.now();
  const database = process.env.TEST_DATABASE_URL;
  if (database) console.log(`PostgreSQL server for the API tests: ${database.replace(/:[^:@/]*@/, ':***@')}`);
  const names = new Set(stages.map((s) => s.name));
  for (const stage of stages) {
    for (const need of stage.after ?? []) {
      if (!names.has(need)) throw new Error(`stage '${stage.name}' waits for an unknown stage '${need}'`);
    }
  }

  /** @type {Map<string, { name: string, ms?: number, code?: number, note?: string, startedAt?: number }>} */
  const results = new Map();
  for (const stage of stages)
    if (stage.skip) results.set(stage.name, { name: stage.name, note: `skipped: ${stage.skip}` });
  const passed = (name) => {
    const r = results.get(name);
    return r !== undefined && (r.note?.startsWith('skipped') || r.code === 0);
  };
  const running = new Map();
  let failed;

  while (true) {
    if (!failed) {
      for (const stage of stages) {
        if (results.has(stage.name) || running.has(stage.name)) continue;
        if (!(stage.after ?? []).every(passed)) continue;
        const run = runStage(stage, running.size === 0 && isLastToStart(stage, stages, results, running), t0);
        running.set(stage.name, run);
      }
    }
    if (running.size === 0) break;
    const result = await Promise.race([...running.values()].map((r) => r.done));
    running.delete(result.name);
    results.set(result.name, result);
    if (result.code !== 0 && !failed) {
      failed = result;
      for (const [name, run] of running) {
        console.log(`■ stopping ${name}: ${failed.name} failed`);
        stop(run.child);
      }
    }
  }

  const width = Math.max(...stages.map((s) => s.name.length), 5);
  console.log('\nStage times (a stage starts once those it waits for have passed; several run at once):');
  for (const stage of stages) {
    const r = results.get(stage.name);
    const result = !r
      ? 'not run'
      : (r.note ??
        (r.code === 0
          ? 'passed'
          : failed && r !== failed
            ? `stopped (exit ${r.code})`
            : `FAILED (exit ${r.code})`));
    const at = r?.startedAt === undefined ? '' : `from ${clock(r.startedAt)}`;
    console.log(
      `  ${stage.name.padEnd(width)}  ${(r?.ms === undefined ? '' : seconds(r.ms)).padStart(8)}  ${at.padEnd(11)}  ${result}`,
    );
  }
  console.log(`  ${'total'.padEnd(width)}  ${clock(performance.now() - t0).padStart(8)}`);
  process.exit(failed ? failed.code || 1 : 0);
}

/** Streams straight to the terminal only a stage that nothing else can join while it runs. */
function isLastToStart(stage, stages, results, running) {
  return stages.every((s) => s === stage || results.has(s.name) || running.has(s.name));
}

/**
 * The two API runs (decision 034): embedded PGlite, and the PostgreSQL server when TEST_DATABASE_URL is set. Each
 * is one Vitest process with one worker on a 2-core machine, so side by side they use both cores.
 */
export function apiStages(env = process.env, after = []) {
  const { TEST_DATABASE_URL, ...rest } = env;
  const vitest = { command: 'vitest', args: ['run', '--project', 'api'], after };
  return [
    { name: 'API on PGlite', ...vitest, env: rest },
    TEST_DATABASE_URL
      ? { name: 'API on PostgreSQL', ...vitest, env: { ...rest, TEST_DATABASE_URL } }
      : { name: 'API on PostgreSQL', skip: 'TEST_DATABASE_URL is not set', command: '' },
  ];
}
