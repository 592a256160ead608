// Live events at scale (issue 13): starts one API process on a fresh embedded database, opens STREAMS (10,000)
// Server-Sent Events streams for one student, and broadcasts one event to all of them (a message on their task).
// Reports the server's memory per open stream, the time the server takes to write the event to every stream
// (logged by the process itself), and the time until the last client has it.
// Not part of `npm test`: `node bench/events.mjs` (STREAMS=2000 for a quicker run).
// The database is a PostgreSQL server, as a deployment holding 10,000 streams would use (BENCH_DATABASE_URL,
// else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a database is created for the run
// and dropped afterwards), or with --embedded the embedded PGlite, whose own memory then grows inside the
// server process with the 20,000 queries that opening the streams takes (decision 019).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STREAMS = Number(process.env.STREAMS ?? 10_000);
const TARGETS = { kbPerStream: 12, writeMs: 20, allMs: 250 };
const repo = new URL('..', import.meta.url).pathname;

async function freePort() {
  const srv = createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'geekly-bench-events-'));
const embedded = process.argv.includes('--embedded');
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const benchDb = `geekly_bench_events_${process.pid}`;
const psql = (command) => {
  const result = spawnSync('psql', [serverUrl, '-qc', command], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr || result.error}`);
};
const databaseUrl = embedded
  ? undefined
  : Object.assign(new URL(serverUrl), { pathname: `/${benchDb}` }).href;
if (!embedded) psql(`create database ${benchDb}`);
const server = spawn(process.execPath, [join(repo, 'apps/api/src/server.ts')], {
  env: {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'debug',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let log = '';
server.stdout.on('data', (d) => {
  log += d;
});
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  if (!embedded) {
    spawnSync('sleep', ['1']); // the server's connections close
    psql(`drop database if exists ${benchDb} with (force)`);
  }
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));
while (!log.includes('Geekly is running')) await sleep(100);

const json = async (path, body, token) => {
  const res = await fetch(`${base}/api/v3${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'bench',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
const { jwt } = await json('/users/client/new', {
  email: `bench-${Date.now()}@example.com`,
  password: 'bench password',
});
const { _id: orderId } = await json('/orders', { title: 'Bench task', subject: 'English' }, jwt);

// Let the server settle, then measure it before the streams.
await sleep(1000);
const before = rssKb(server.pid);

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const received = new Array(STREAMS).fill(0);
let ready = 0;
const requests = [];
const openOne = (i) =>
  new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/v3/events`,
      { agent, headers: { authorization: `Bearer ${jwt}` } },
      (res) => {
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk) => {
          buf += chunk;
          if (buf.includes('event: ready')) {
            if (!received[i]) ready++;
            buf = buf.slice(buf.lastIndexOf('\n\n') + 2);
            resolve();
          }
          if (buf.includes('"type":"message"') && received[i] <= 1) received[i] = performance.now();
        });
      },
    );
    req.on('error', reject);
    requests.push(req);
    received[i] = 0;
  });
const opening = performance.now();
for (let i = 0; i < STREAMS; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, STREAMS - i) }, (_, k) => openOne(i + k)));
}
const openMs = performance.now() - opening;
await sleep(2000);
const after = rssKb(server.pid);

const logBefore = log.length;
const sent = performance.now();
await json(`/orders/${orderId}/messages`, { message: 'Hello, everyone', to_user: 'operator' }, jwt);
while (received.some((t) => t === 0)) {
  if (performance.now() - sent > 30_000) break;
  await sleep(5);
}
const last = Math.max(...received);
const first = Math.min(...received);
await sleep(200);
const line = log
  .slice(logBefore)
  .split('\n')
  .find((l) => l.includes('live event written'));
const written = line ? JSON.parse(line) : null;
const got = received.filter((t) => t > 0).length;

const kbPerStream = (after - before) / STREAMS;
const result = {
  database: embedded ? 'embedded PGlite' : 'PostgreSQL',
  streams: STREAMS,
  ready,
  opened_in_ms: Math.round(openMs),
  server_rss_before_mb: +(before / 1024).toFixed(1),
  server_rss_after_mb: +(after / 1024).toFixed(1),
  kb_per_stream: +kbPerStream.toFixed(2),
  server_write_ms: written ? +written.ms.toFixed(2) : null,
  server_flushed_to_kernel_ms: written ? +written.flushedMs.toFixed(2) : null,
  received_by: got,
  post_to_last_client_ms: Math.round(last - sent),
  first_to_last_client_ms: Math.round(last - first),
};
console.log(JSON.stringify(result, null, 2));
console.log(
  `targets: ≤ ${TARGETS.kbPerStream} KB/stream ${kbPerStream <= TARGETS.kbPerStream ? 'met' : 'MISSED'}, ` +
    `≤ ${TARGETS.writeMs} ms write ${written && written.ms <= TARGETS.writeMs ? 'met' : 'MISSED'}, ` +
    `≤ ${TARGETS.allMs} ms to all ${last - sent <= TARGETS.allMs ? 'met' : 'MISSED'}`,
);
for (const r of requests) r.destroy();
stop();
process.exit(0);
