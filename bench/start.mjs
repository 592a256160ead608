// Start-up benchmark (issue 25; not part of npm test): the time from `npm start` to the first 200 on `/`,
// the way a student runs the demo. Each run spawns `npm start` (npm's own start-up included) on a free port,
// polls `/` every 20 ms, stops the server (SIGTERM to its process group) and waits for it to exit.
//
//   npm run bench:start                 an existing install: a data directory made by a first, uncounted start,
//                                       and the web build as it is; median of 5 runs
//   npm run bench:start -- --fresh      a fresh clone after `npm ci`: no web build and an empty data directory
//                                       before every run (the build is deleted and made again: slow)
//   options: --runs 5, --budget 3000 (ms; the summary says whether the median is within it)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    fresh: { type: 'boolean', default: false },
    budget: { type: 'string' },
  },
});
const root = new URL('..', import.meta.url).pathname;
const budget = Number(args.budget ?? (args.fresh ? 15_000 : 3_000));

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * CPU time (ms) used so far by a process and its descendants, live ones and those already waited for, from
 * /proc (Linux): on a shared machine the wall time depends on the neighbours, this much less.
 */
function treeCpuMs(rootPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      // after the name: state ppid … utime(11) stime(12) cutime(13) cstime(14), in clock ticks
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: fields.slice(11, 15).map(Number) });
    } catch {
      // ended meanwhile
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of tree) for (const t of stats.get(pid)?.ticks ?? []) ticks += t;
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** One `npm start`: ms to the first 200 on `/`, the CPU it took, and the server's own "ready in" figure. */
async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let done = false;
  exited.then(() => {
    done = true;
  });
  let ms;
  let cpu;
  while (!done) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      await res.arrayBuffer();
      if (res.status === 200) {
        ms = performance.now() - started;
        cpu = treeCpuMs(child.pid);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (ms === undefined) throw new Error(`npm start exited before answering:\n${output}`);
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  const ready = /ready in (\d+) ms/.exec(output)?.[1];
  return { ms, cpu, ready: ready === undefined ? null : Number(ready) };
}

const dataDirs = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'geekly-bench-start-'));
  dataDirs.push(dir);
  return dir;
};
try {
  const runs = [];
  const existing = args.fresh ? undefined : newDataDir();
  if (existing) {
    const first = await startOnce(existing);
    console.log(
      `first start (creates the data directory, not counted): ${first.ms.toFixed(0)} ms, CPU ${first.cpu} ms`,
    );
  }
  for (let i = 0; i < Number(args.runs); i++) {
    if (args.fresh) rmSync(join(root, 'apps/web/build'), { recursive: true, force: true });
    const run = await startOnce(existing ?? newDataDir());
    runs.push(run);
    console.log(
      `run ${i + 1}: first 200 on / after ${run.ms.toFixed(0)} ms, CPU ${run.cpu} ms (server: ready in ${run.ready ?? '?'} ms)`,
    );
  }
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const cpus = runs.map((r) => r.cpu).sort((a, b) => a - b);
  console.log(
    `\n${args.fresh ? 'fresh clone' : 'existing install'}: median ${median.toFixed(0)} ms over ${runs.length} runs (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)}); budget ${budget} ms: ${median <= budget ? 'within' : 'OVER'}; CPU of npm start's processes to that answer: median ${cpus[Math.floor(cpus.length / 2)]} ms`,
  );
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
