// Scale ×100 (issue 36; not part of npm test): every call as fast with a million tasks as with ten thousand.
// Loads two PostgreSQL databases by set-based SQL (bench/scale-load.mjs): N tasks and N/100 (the 1% copy), each at
// the schema before migration 0040 (decision 057), then upgrades each to this build's schema while a writer
// measures how long its writes wait (the upgrade must lock no table for more than a second). Starts the API
// (`apps/api/src/server.ts`, its own process, the usual pool) on each, runs every call of CALLS with autocannon
// (its own process, 20 connections) on the small then the big database, call by call, and prints req/s, p99 and
// the ratio (big / small req/s; issue 36 asks ≥ 0.67 for every call), and the CPU each request cost the API process
// and PostgreSQL's processes (from /proc), which compares across machines where req/s does not.
//
// Usage: npm run bench:scale [-- --tasks 1000000 --duration 10 --connections 20 --only <regexp> --keep --reuse]
//   --keep   leaves the databases (geekly_scale_bench_<N>) for another run; --reuse runs on them without loading.
// The server is BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
//
// A new call is one entry of CALLS: a name, who calls (`as`: staff, student, big, payer, geek) and its path (a function
// of the fixtures `f`, built by `fixtures()`); POST calls give a body, where `{n}` is unique per request, or
// `paths` ({ path, token }) to use each once.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadScaleData } from './scale-load.mjs';

const { values: args } = parseArgs({
  options: {
    tasks: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TASKS = Number(args.tasks);
const only = args.only ? new RegExp(args.only, 'i') : null;
/** The journal time of the first migration of issue 36: the data is loaded into the schema before it. */
const FIRST_SCALE_MIGRATION = 1_800_000_040_000;
const root = fileURLToPath(new URL('..', import.meta.url));

const { openPostgres } = await import('../apps/api/src/db/database.ts');
const { seedReferenceData } = await import('../apps/api/src/db/seed.ts');
const { upsertStaffAccount } = await import('../apps/api/src/modules/ops/staff-accounts.ts');
const { createSessionTokens } = await import('../apps/api/src/modules/auth/session-token.ts');
const { hashPassword } = await import('../apps/api/src/modules/auth/password.ts');

const year = new Date().getUTCFullYear();
/** Every call of issue 36's table. */
const CALLS = [
  { name: 'queue, whole', as: 'staff', path: () => '/ops/orders' },
  ...['instructions', 'assign', 'deadline', 'revision', 'refund', 'messages'].map((group) => ({
    name: `queue, ${group}`,
    as: 'staff',
    path: () => `/ops/orders?group=${group}`,
  })),
  { name: 'search by e-mail', as: 'staff', path: (f) => `/ops/orders?all=true&q=${f.studentEmail}` },
  { name: 'search by task number', as: 'staff', path: (f) => `/ops/orders?all=true&q=${f.taskNumber}` },
  { name: 'ops task page', as: 'staff', path: (f) => `/ops/orders/${f.taskId}` },
  { name: 'ops money panel', as: 'staff', path: (f) => `/ops/orders/${f.taskId}/money` },
  { name: 'ops timeline panel', as: 'staff', path: (f) => `/ops/orders/${f.taskId}/timeline` },
  { name: 'ops Geeks page', as: 'staff', path: () => '/ops/geeks' },
  {
    name: 'Geek earnings totals',
    as: 'staff',
    path: () => `/ops/geek-earnings?from=${year}-01-01&to=${year}-12-31`,
  },
  {
    name: 'payout report CSV (a year)',
    as: 'staff',
    path: () => `/ops/geek-earnings.csv?from=${year - 1}-12-01&to=${year}-11-30`,
  },
  { name: 'audit log, first page', as: 'staff', path: () => '/ops/audit' },
  { name: 'audit log, next page', as: 'staff', path: (f) => `/ops/audit?before=${f.auditBefore}` },
  { name: 'My Geeks (a student)', as: 'student', path: () => '/my-geeks' },
  { name: 'My Geeks (5,000 tasks)', as: 'big', path: () => '/my-geeks' },
  { name: 'notification (5,000 tasks)', as: 'big', path: () => '/notification?types=allmessages' },
  // Page 99 is the last of 5,000 tasks (pages of 50 from 0): the deepest offset that still reads rows.
  { name: 'list page 99 (5,000 tasks)', as: 'big', path: () => '/orders?page=99' },
  { name: 'list page 0 (a student)', as: 'student', path: () => '/orders?page=0' },
  { name: 'one task', as: 'student', path: (f) => `/orders/${f.taskId}` },
  { name: "a task's messages", as: 'student', path: (f) => `/orders/${f.taskId}/messages` },
  { name: 'public counts', as: 'none', path: () => '/public/stats' },
  // A Geek's workspace (decision 047): Geek 1 has one task in 300 (about 3,000 at 1M, 30 at 10k).
  { name: 'workspace offers (a Geek)', as: 'geek', path: () => '/workspace/offers' },
  { name: "workspace tasks (a Geek's)", as: 'geek', path: () => '/workspace/tasks' },
  {
    name: 'write: balance credit',
    as: 'staff',
    method: 'POST',
    path: (f) => `/ops/users/${f.studentId}/balance-credits`,
    body: () => ({ amount: 1, memo: 'Bench credit', idempotency_key: 'bench-credit-{n}' }),
  },
  {
    name: 'write: task payment',
    as: 'payer',
    method: 'POST',
    paths: (f) => f.payerTasks,
    body: (f) => ({ account_balance_use: f.payerPriceCents }),
  },
];

/** How many students pay tasks in the payment call. */
const PAYERS = 200;

const rowsOf = async (client, text, params) => (await client.query(text, params)).rows;

async function databaseUrl(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(text) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Loads (or, with --reuse, finds) the database of `tasks` tasks; answers its url and the upgrade's figures. */
async function prepareDatabase(tasks) {
  const name = `geekly_scale_bench_${tasks}`;
  const url = await databaseUrl(name);
  const exists = (await admin(`select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (exists && args.reuse) {
    console.log(`${name}: reused`);
    const database = await openPostgres(url);
    await database.migrate(() => seedReferenceData(database.db));
    await database.close();
    return { name, url, upgrade: null };
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const started = Date.now();
  const database = await openPostgres(url);
  await database.migrate(() => seedReferenceData(database.db), { before: FIRST_SCALE_MIGRATION });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps = [];
  await loadScaleData(client, tasks, (step, ms) => steps.push(`${step} ${(ms / 1000).toFixed(1)} s`));
  await client.query('VACUUM ANALYZE');
  console.log(`${name}: loaded in ${((Date.now() - started) / 1000).toFixed(0)} s (${steps.join(', ')})`);
  const upgrade = await upgradeUnderWrites(url, client);
  await client.query('VACUUM ANALYZE');
  await client.end();
  console.log(
    `${name}: upgraded to this build in ${(upgrade.ms / 1000).toFixed(1)} s; a write every 100 ms meanwhile waited at most ${upgrade.worstWriteMs} ms (${upgrade.writes} writes)`,
  );
  return { name, url, upgrade };
}

/**
 * Runs this build's migrations from 0040 on while another connection updates a task and adds a message in one
 * transaction every 100 ms, then reads the ledger by a transaction id: the longest of those writes is how long the
 * upgrade held a writer back (per migration, and in all); the read is timed apart.
 */
async function upgradeUnderWrites(url, client) {
  let stop = false;
  let worst = 0;
  let worstRead = 0;
  let writes = 0;
  // Each write is charged to the migration that was running when it started: the longest wait per migration.
  let applied = 0;
  const worstByMigration = [];
  const lines = [];
  const writer = (async () => {
    while (!stop) {
      const started = Date.now();
      const during = applied;
      await client.query('BEGIN');
      await client.query(`UPDATE orders SET updated_at = now() WHERE id = md5('task' || 3)::uuid`);
      await client.query(`INSERT INTO order_messages (order_id, sender_role, message, status)
        VALUES (md5('task' || 3)::uuid, 'client', 'During the upgrade', 'read')`);
      await client.query('COMMIT');
      const wrote = Date.now() - started;
      worst = Math.max(worst, wrote);
      worstByMigration[during] = Math.max(worstByMigration[during] ?? 0, wrote);
      writes++;
      // A ledger read beside the write, timed apart: before 0040's index it reads every entry (slow, not held).
      const reading = Date.now();
      await client.query(
        `SELECT count(*) FROM ledger_entries WHERE transaction_id = md5('order_payment_card' || 3)::uuid`,
      );
      worstRead = Math.max(worstRead, Date.now() - reading);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = Date.now();
  const database = await openPostgres(url);
  try {
    await database.migrate(() => seedReferenceData(database.db), {
      log: (line) => {
        lines.push(line);
        applied++;
      },
    });
  } finally {
    stop = true;
    await writer;
    await database.close();
  }
  for (const [i, line] of lines.entries())
    console.log(`  ${line}; the longest write that started meanwhile took ${worstByMigration[i] ?? 0} ms`);
  console.log(`  the longest ledger read by a task payment's id meanwhile: ${worstRead} ms`);
  return { ms: Date.now() - started, worstWriteMs: worst, writes };
}

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The API on `url`, in its own process, as `npm start` runs it on a server database. */
async function startApi(url) {
  const port = await freePort();
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'geekly-scale-'));
  // BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles each API process (written as it stops).
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: secret,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      AUTOPILOT_MINUTES: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v3/ready`)).ok) break;
    } catch {}
    if (i > 600 || child.exitCode !== null) throw new Error(`the API on ${url} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    secret,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(base, method, path, token, body) {
  const res = await fetch(`${base}/api/v3${path}`, {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Who calls and what they call, found in (or added to) the database. */
async function fixtures(url, server) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const database = await openPostgres(url);
  try {
    const tokens = createSessionTokens(server.secret);
    const userId = (label) => rowsOf(client, `select md5($1)::uuid as id`, [label]).then((r) => r[0].id);
    const studentId = await userId('student2');
    const bigId = await userId('student1');
    const payerId = await userId('student3');
    const [task] = await rowsOf(
      client,
      `select id, number from orders where user_id = $1 and paid_cents > 0 order by created_at desc limit 1`,
      [studentId],
    );
    const [geek] = await rowsOf(client, `select id from geeks where public_full_name = 'Geek 1'`);
    const [audit] = await rowsOf(
      client,
      'select id from audit_log order by at desc, id desc offset 49 limit 1',
    );
    const email = 'bench-admin@geekly.example';
    await upsertStaffAccount(database.db, email, 'bench admin password', 'admin');
    const staff = (
      await api(server.base, 'POST', '/ops/session', null, { email, password: 'bench admin password' })
    ).jwt;
    // Geek 1's workspace log-in, made here (the load writes none) and used as a Geek logs in.
    const geekEmail = 'geek1@bench.example';
    await client.query(
      `insert into geek_logins (geek_id, email, password_hash) values ($1, $2, $3)
       on conflict (geek_id) do update set password_hash = excluded.password_hash, must_change_password = false`,
      [geek.id, geekEmail, await hashPassword('bench geek password')],
    );
    const geekToken = (
      await api(server.base, 'POST', '/workspace/session', null, {
        email: geekEmail,
        password: 'bench geek password',
      })
    ).jwt;
    const student = await tokens.sign({ userId: studentId, tokenVersion: 0 });
    const big = await tokens.sign({ userId: bigId, tokenVersion: 0 });
    const payer = await tokens.sign({ userId: payerId, tokenVersion: 0 });
    // Only when the payment is measured: each run copies thousands of tasks to pay (a --reuse run with --only
    // would otherwise grow the small database by them every time).
    let payerTasks = [];
    let priceCents = 0;
    if (!only || only.test('write: task payment')) {
      // The tasks to pay: one priced by the API, copied to PAYERS students (a payment locks its payer's balance:
      // one payer would make the run a queue), and a balance on each that pays them all.
      const created = await api(server.base, 'POST', '/orders', payer, {
        title: 'Bench payment',
        subject: 'English',
      });
      const deadline = new Date(Date.now() + 200 * 3_600_000).toISOString();
      const priced = await api(server.base, 'PATCH', `/orders/${created._id}`, payer, {
        size: '2 pages',
        request_type: 'Essay writing',
        deadline,
        calc_quote: true,
      });
      priceCents = Math.round(priced.price * 100);
      const columns = (
        await rowsOf(
          client,
          `select column_name as c from information_schema.columns
           where table_name = 'orders' and column_name not in ('id', 'number', 'user_id')`,
        )
      )
        .map((r) => `"${r.c}"`)
        .join(', ');
      const [{ n: studentCount }] = await rowsOf(
        client,
        `select count(*)::int as n from users where email like 'student%@bench.example'`,
      );
      const payers = Math.min(PAYERS, studentCount - 3);
      const each = Math.ceil((Number(args.duration) * 400) / payers);
      const copies = await rowsOf(
        client,
        `insert into orders (${columns}, user_id)
         select ${columns}, md5('student' || p)::uuid from orders, generate_series(1, $2::int), generate_series(3, $3::int + 2) p
         where id = $1 returning id, user_id`,
        [created._id, each, payers],
      );
      await client.query(
        `with credits as (
           insert into ledger_transactions (kind, idempotency_key, user_id, memo)
           select 'staff_credit', 'bench-payer-' || $1 || '-' || p, md5('student' || p)::uuid, 'Bench balance'
           from generate_series(3, $2::int + 2) p returning id, user_id)
         insert into ledger_entries (transaction_id, account_type, account_id, amount_cents)
         select id, 'revenue', null, -$3::bigint from credits
         union all select id, 'user', user_id, $3::bigint from credits`,
        [randomBytes(6).toString('hex'), payers, priceCents * (each + 1)],
      );
      const tokenOf = new Map();
      for (const c of copies)
        if (!tokenOf.has(c.user_id))
          tokenOf.set(c.user_id, await tokens.sign({ userId: c.user_id, tokenVersion: 0 }));
      // Interleaved by payer, so the connections pay for different students at any moment.
      payerTasks = copies
        .map((c, i) => ({ i: (i % each) * payers + Math.floor(i / each), c }))
        .sort((a, b) => a.i - b.i)
        .map(({ c }) => ({ path: `/api/v3/orders/${c.id}/pay`, token: tokenOf.get(c.user_id) }));
    }
    await client.query('ANALYZE orders');
    return {
      tokens: { staff, student, big, payer, geek: geekToken, none: null },
      studentId,
      studentEmail: 'student2@bench.example',
      taskId: task.id,
      taskNumber: task.number,
      geekId: geek.id,
      auditBefore: audit.id,
      payerTasks,
      payerPriceCents: priceCents,
    };
  } finally {
    await database.close();
    await client.end();
  }
}

function cannon(spec) {
  const script = fileURLToPath(new URL('./scale-cannon.mjs', import.meta.url));
  // In a file: a payment's thousands of paths would not fit in the arguments.
  const specFile = join(mkdtempSync(join(tmpdir(), 'geekly-cannon-')), 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, specFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

/**
 * The CPU time used so far (ms) by the API process and by every PostgreSQL process (its backends included), from
 * /proc: a call's cost per request on each side, whatever the machine's speed. Zero where /proc is not Linux's.
 */
function cpuSoFar(apiPid) {
  const msOf = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime (the stat file's 14th and 15th fields), in clock ticks of 10 ms.
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  // By process: a backend that ends between two readings (the pool closes idle connections) is not subtracted.
  const pg = new Map();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') pg.set(pid, msOf(pid));
      } catch {}
    }
  } catch {}
  return { api: msOf(apiPid), pg };
}

/** The CPU used between two readings of cpuSoFar (ms): the API's, and PostgreSQL's processes' together. */
function cpuBetween(before, after) {
  let pg = 0;
  for (const [pid, ms] of after.pg) pg += ms - (before.pg.get(pid) ?? 0);
  return { apiMs: after.api - before.api, pgMs: pg };
}

async function measure(call, server, f) {
  const token = f.tokens[call.as];
  const spec = {
    url: `${server.base}/api/v3${call.path ? call.path(f) : ''}`,
    connections: Number(args.connections),
    duration: Number(args.duration),
    method: call.method ?? 'GET',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(call.body ? { body: JSON.stringify(call.body(f)) } : {}),
    ...(call.paths ? { url: server.base, paths: call.paths(f) } : {}),
  };
  const before = cpuSoFar(server.pid);
  const r = await cannon(spec);
  const after = cpuSoFar(server.pid);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx + r.errors,
    ...cpuBetween(before, after),
  };
}

/** Two measures of one size as one: the mean rate, the worse p99, every failed answer. */
const both = (a, b) => ({
  rps: (a.rps + b.rps) / 2,
  p99: Math.max(a.p99, b.p99),
  total: a.total + b.total,
  non2xx: a.non2xx + b.non2xx,
  apiMs: a.apiMs + b.apiMs,
  pgMs: a.pgMs + b.pgMs,
});

/** CPU per request: the API's and PostgreSQL's, in ms. */
const cpu = (r) =>
  r.total > 0 ? `${(r.apiMs / r.total).toFixed(2)} + ${(r.pgMs / r.total).toFixed(2)}` : '—';

/**
 * A read is measured small, big, big, small, and each size's figure is the mean of its two: whatever was measured
 * second did 10–30 % worse (the machine's state drifts during a run), and this order cancels a steady drift. A
 * write uses its requests once (`paths`), so it is measured once a size.
 */
async function measureBoth(call, [smallServer, bigServer], [smallFixtures, bigFixtures]) {
  if (call.paths || (call.method && call.method !== 'GET'))
    return {
      small: await measure(call, smallServer, smallFixtures),
      big: await measure(call, bigServer, bigFixtures),
    };
  const small1 = await measure(call, smallServer, smallFixtures);
  const big1 = await measure(call, bigServer, bigFixtures);
  const big2 = await measure(call, bigServer, bigFixtures);
  const small2 = await measure(call, smallServer, smallFixtures);
  return { small: both(small1, small2), big: both(big1, big2) };
}

const cell = (r) => `${r.rps.toFixed(1)} req/s, p99 ${r.p99} ms${r.non2xx ? `, ${r.non2xx} not 2xx` : ''}`;

const sizes = [Math.max(200, Math.floor(TASKS / 100)), TASKS];
const prepared = [];
for (const tasks of sizes) prepared.push(await prepareDatabase(tasks));
const servers = [];
try {
  const fixturesOf = [];
  for (const db of prepared) {
    const server = await startApi(db.url);
    servers.push(server);
    fixturesOf.push(await fixtures(db.url, server));
  }
  const results = [];
  console.log(
    `\n${sizes[0]} vs ${sizes[1]} tasks, ${args.connections} connections, ${args.duration} s a measure (a read: small, big, big, small) (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
  for (const call of CALLS) {
    if (only && !only.test(call.name)) continue;
    const { small, big } = await measureBoth(call, servers, fixturesOf);
    const ratio = big.rps / small.rps;
    results.push({ call, small, big, ratio });
    console.log(
      `${call.name.padEnd(30)} ${cell(small).padEnd(34)} ${cell(big).padEnd(34)} ${ratio.toFixed(2)}   CPU ms/request (API + PostgreSQL): ${cpu(small)} | ${cpu(big)}`,
    );
  }
  console.log(`\n| Call | ${sizes[0]} tasks | ${sizes[1]} tasks | ratio |\n|---|---|---|---|`);
  for (const r of results)
    console.log(`| ${r.call.name} | ${cell(r.small)} | ${cell(r.big)} | ${r.ratio.toFixed(2)} |`);
  const failing = results.filter((r) => r.ratio < 0.67 || r.big.non2xx > 0);
  console.log(
    failing.length === 0
      ? '\nEvery call within 1.5× of its small-database speed (ratio ≥ 0.67), every answer 2xx.'
      : `\nBelow 0.67 or with errors: ${failing.map((r) => r.call.name).join(', ')}`,
  );
  // Issue 36: the back-office queue at a million tasks at least as fast as a student's list page at the small size.
  const listPage = results.find((r) => r.call.name === 'list page 0 (a student)');
  const queues = results.filter((r) => r.call.name.startsWith('queue, '));
  if (listPage && queues.length > 0) {
    const slower = queues.filter((r) => r.big.rps < listPage.small.rps);
    console.log(
      `\nA student's list page at ${sizes[0]} tasks: ${cell(listPage.small)}. The queue at ${sizes[1]}: ${queues
        .map((r) => `${r.call.name.slice('queue, '.length)} ${r.big.rps.toFixed(1)}`)
        .join(', ')} req/s; ${
        slower.length === 0
          ? 'every call of it at least as fast.'
          : `slower: ${slower.map((r) => r.call.name).join(', ')}.`
      }`,
    );
  }
  console.log(
    `(load average at the end ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
} finally {
  for (const s of servers) await s.stop();
  if (!args.keep) for (const db of prepared) await admin(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
}
