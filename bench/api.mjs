// API read benchmark (issues 17 and 25; not part of npm test). On a PostgreSQL server it seeds 10,000 priced
// tasks for one student and 10,000 unpriced drafts for another, then runs autocannon (in its own process) against
// GET /orders?page=0 (both students), GET /orders/{id} and a bare Fastify route that reads the priced page with
// one query, in the same run, and prints requests a second, p99, the ratios to the bare route, and the drafts
// page's ratio to the priced page (issue 25: at least 0.8). Usage: npm run bench:api [-- --duration 10 --connections 50 --rounds 3]
// The server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a database is created for the run and dropped afterwards.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const TASKS = 10_000;
process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { call, createTestApp, creditBalance, pricedOrder, signUpClient, staffToken } = await import(
  '../apps/api/test/helpers/test-app.ts'
);
const t = await createTestApp();
const rows = (result) => (Array.isArray(result) ? result : result.rows);

try {
  const student = await signUpClient(t);
  const first = await pricedOrder(t, student.token);
  // Paid in full from the balance: the price is locked, the list does not re-price these rows.
  const payer = await signUpClient(t);
  const paid = await pricedOrder(t, payer.token);
  await creditBalance(t, await staffToken(t), payer.id, paid.price);
  const payment = await call(t, {
    url: `/orders/${paid._id}/pay`,
    token: payer.token,
    body: { account_balance_use: Math.round(paid.price * 100) },
  });
  if (payment.status !== 200) throw new Error(`pay: ${payment.status} ${JSON.stringify(payment.body)}`);
  // The drafts: title and subject only (no pages, type or deadline of the student's), as the mini form leaves them.
  const drafter = await signUpClient(t);
  const draft = await call(t, {
    url: '/orders',
    token: drafter.token,
    body: { title: 'Essay on Hamlet', subject: 'English' },
  });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status}`);
  const columns = rows(
    await t.db.execute(sql`select column_name as c from information_schema.columns
      where table_name = 'orders' and column_name not in ('id', 'number', 'created_at')`),
  ).map((r) => sql.identifier(r.c));
  const list = sql.join(columns, sql`, `);
  for (const id of [first._id, paid._id, draft.body._id]) {
    await t.db.execute(sql`insert into orders (${list}, created_at)
      select ${list}, now() - make_interval(mins => g) from orders, generate_series(1, ${TASKS - 1}) g
      where id = ${id}`);
  }
  // As autovacuum leaves the tables in production: statistics, the visibility map, and the list counters
  // (order_list_counts) without the dead versions of 10,000 single-row updates.
  await t.db.execute(sql`vacuum analyze`);

  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () =>
    rows(
      await t.db.execute(sql`select * from orders where user_id = ${student.id} and client_remove = false
        and system_client_status <> 'Deleted' order by created_at desc, number desc limit 50`),
    ),
  );
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  const targets = [
    { name: 'bare one-query route', url: `${bareAddress}/bare`, token: student.token },
    { name: 'GET /orders?page=0', url: `${address}/api/v3/orders?page=0`, token: student.token },
    { name: 'paid tasks ?page=0', url: `${address}/api/v3/orders?page=0`, token: payer.token },
    { name: 'drafts ?page=0', url: `${address}/api/v3/orders?page=0`, token: drafter.token },
    { name: 'GET /orders/{id}', url: `${address}/api/v3/orders/${first._id}`, token: student.token },
  ];
  const cannon = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
  // The three targets run in turn, round after round: on a shared machine whose speed drifts, each round's
  // ratios compare runs made moments apart, and the summary takes the median round.
  const rounds = [];
  for (let round = 0; round < Number(args.rounds); round++) {
    const results = [];
    for (const target of targets) {
      const before = await cpuNow();
      // autocannon runs in its own process while this one serves.
      const result = await run(process.execPath, [
        cannon,
        ...['-c', args.connections, '-d', args.duration, '-j'],
        ...['-H', `authorization=Bearer ${target.token}`],
        target.url,
      ]);
      const stats = JSON.parse(result);
      if (stats.non2xx > 0) throw new Error(`${target.name}: ${stats.non2xx} answers were not 2xx`);
      const after = await cpuNow();
      const perRequest = (ms) => ms / stats.requests.total;
      results.push({
        ...target,
        rps: stats.requests.average,
        p99: stats.latency.p99,
        nodeMs: perRequest(after.node - before.node),
        pgMs: perRequest(pgDelta(before.pg, after.pg)),
      });
    }
    rounds.push(results);
    console.log(
      `\nround ${round + 1}: ${TASKS} tasks, ${args.connections} connections, ${args.duration} s each, PostgreSQL`,
    );
    print(results);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  // The median round by the list's ratio to the bare route.
  const byRatio = [...rounds].sort((a, b) => a[1].rps / a[0].rps - b[1].rps / b[0].rps);
  console.log(`\nmedian round (by the list's ratio) of ${rounds.length}:`);
  print(byRatio[Math.floor(byRatio.length / 2)]);
  console.log(
    `medians over the rounds: ${targets
      .map(
        (target, i) =>
          `${target.name} ${median(rounds.map((r) => r[i].rps)).toFixed(0)} req/s, p99 ${median(rounds.map((r) => r[i].p99))} ms`,
      )
      .join('; ')}`,
  );
  // Issue 25: pages the list re-prices (drafts, unpaid priced tasks) against the page of paid tasks, at least 0.8×.
  for (const [i, name] of [
    [3, 'drafts'],
    [1, 'unpaid priced tasks'],
  ]) {
    const ratios = rounds.map((r) => r[i].rps / r[2].rps);
    console.log(
      `${name} page / paid tasks page: ${ratios.map((x) => x.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)}; issue 25 asks at least 0.80)`,
    );
  }
  console.log(
    '\n(CPU a request: this process, and the PostgreSQL backends of the run when on this machine.)',
  );
  await bare.close();
} finally {
  await t.close();
}

function print(results) {
  const base = results[0];
  for (const r of results) {
    console.log(
      `${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms   ${(r.rps / base.rps).toFixed(2)}× bare   CPU a request: node ${r.nodeMs.toFixed(2)} ms, PostgreSQL ${r.pgMs.toFixed(2)} ms`,
    );
  }
}

/**
 * CPU time used so far by this process and by each PostgreSQL backend of the bench database (read from /proc,
 * so only when the server runs on this machine), in ms. On a shared machine CPU per request is steadier than
 * requests a second.
 */
async function cpuNow() {
  const pids = rows(
    await t.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
  ).map((r) => r.pid);
  const usage = process.cpuUsage();
  const pg = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      pg.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // utime + stime, in 10 ms ticks
    } catch {
      // not on this machine, or the backend ended
    }
  }
  return { node: (usage.user + usage.system) / 1000, pg };
}

function pgDelta(before, after) {
  let ms = 0;
  for (const [pid, t1] of after) ms += t1 - (before.get(pid) ?? 0);
  return ms;
}

/** The child's stdout (spawnSync would block the server under test). */
function run(command, argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`autocannon exited ${code}`))));
  });
}
