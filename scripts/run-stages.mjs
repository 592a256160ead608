// Runs test stages as soon as what they need has passed (each a child process), and prints every stage's time at
// the end (decision 034). A stage that starts while no other runs writes straight to the terminal;
// one that starts beside others has its output held and printed whole when it ends, so a failure's output is never
// interleaved with another stage's. When a stage fails, nothing new starts, the stages still running are stopped,
// and the process exits with the failed stage's code.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

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

/**
 * CPU seconds of this process's children that have ended (and of everything they waited for), from Linux's
 * /proc/self/stat (cutime and cstime, in USER_HZ = 100 ticks a second); undefined elsewhere. A stage's CPU is the
 * difference across its end: wall time alone cannot tell a slow suite from a busy machine.
 */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
/** CPU seconds the whole machine has spent busy since it booted, over every core. */
const machineBusySeconds = () =>
  cpus().reduce((sum, { times: t }) => sum + t.user + t.nice + t.sys + t.irq, 0) / 1000;
let lastChildrenCpu = childrenCpuSeconds();

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
      const cpuNow = childrenCpuSeconds();
      const cpu =
        cpuNow === undefined || lastChildrenCpu === undefined ? undefined : cpuNow - lastChildrenCpu;
      lastChildrenCpu = cpuNow;
      if (!alone) {
        console.log(`\n──── ${stage.name} (${seconds(ms)}) ────`);
        process.stdout.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
        console.log(`──── end of ${stage.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} ────\n`);
      }
      resolve({ name: stage.name, ms, code, cpu, startedAt: started - t0 });
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
  const busyAtStart = machineBusySeconds();
  const database = process.env.TEST_DATABASE_URL;
  if (database) console.log(`PostgreSQL server for the API tests: ${database.replace(/:[^:@/]*@/, ':***@')}`);
  const names = new Set(stages.map((s) => s.name));
  for (const stage of stages) {
    for (const need of stage.after ?? []) {
      if (!names.has(need)) throw new Error(`stage '${stage.name}' waits for an unknown stage '${need}'`);
    }
  }

  /** @type {Map<string, { name: string, ms?: number, cpu?: number, code?: number, note?: string, startedAt?: number }>} */
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
    const cpu = r?.cpu === undefined ? '' : `${r.cpu.toFixed(0)} s CPU`;
    console.log(
      `  ${stage.name.padEnd(width)}  ${(r?.ms === undefined ? '' : seconds(r.ms)).padStart(8)}  ${cpu.padStart(10)}  ${at.padEnd(11)}  ${result}`,
    );
  }
  console.log(`  ${'total'.padEnd(width)}  ${clock(performance.now() - t0).padStart(8)}`);
  const ours = [...results.values()].reduce((sum, r) => sum + (r.cpu ?? 0), 0);
  const busy = machineBusySeconds() - busyAtStart;
  // What the machine spent beyond the stages' own processes: the PostgreSQL server's work for the API run on it,
  // and anything else that ran meanwhile (on an idle machine, little more than the server's share).
  console.log(
    `CPU: the stages used ${ours.toFixed(0)} s; the machine was busy ${busy.toFixed(0)} s on ${cpus().length} cores, ` +
      `${Math.max(0, busy - ours).toFixed(0)} s of it outside the stages' processes (the PostgreSQL server included)`,
  );
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
