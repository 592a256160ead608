import { QUEUE_PAGE } from '@geekly/domain/ops/back-office.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { queuePage } from '../src/modules/ops/ops.repository.ts';
import { resultRows } from './helpers/result-rows.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';
import { approvedGeek, openTask } from './helpers/workspace.ts';

// Issue 36, decision 056: the calls that must stay as fast at a million tasks as at ten thousand read the big
// tables through indexes. Each call runs through the app; every statement it sends is explained again with
// sequential scans priced out of reach (enable_seqscan off), so a statement whose index is gone shows a Seq Scan
// of the table. On the PostgreSQL server only: PGlite has no other plans to fear and no pool to starve.

const serverUrl = process.env.TEST_DATABASE_URL;
const BIG_TABLES = ['orders', 'order_messages', 'ledger_entries', 'audit_log'];

let t: TestApp;
let staff: string;
let student: { token: string; id: string; email: string };
let taskId: string;
let taskNumber: number;
let geekId: string;
let workspaceGeek: { id: string; token: string };
/** A student with a thousand tasks (the notification's reads). */
let busy: { token: string; id: string };
/** The second pages' cursors: a Geek's tasks and the queue's assign group. */
let workspaceNext = '';
let assignNext = '';

/** A statement an app's pool sent; `generic`: the back office's pool, which plans each statement once (decision 056). */
type Captured = { text: string; values: unknown[]; generic: boolean };
type Queryable = { query: (...args: unknown[]) => unknown };

/** Every statement the app's pools send while `run` runs, with its parameters. */
async function capture(run: () => Promise<unknown>): Promise<Captured[]> {
  const pools = [t.db, t.ctx.database.reportsDb, t.ctx.database.searchDb].map(
    (d) => (d as unknown as { $client: Queryable }).$client,
  );
  const captured: Captured[] = [];
  const originals = pools.map((p) => p.query);
  pools.forEach((pool, i) => {
    const original = originals[i] as Queryable['query'];
    pool.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof first === 'string' ? first : first.text;
      const values = Array.isArray(second) ? second : typeof first === 'string' ? [] : (first.values ?? []);
      captured.push({ text, values, generic: i === 1 });
      return original.apply(this, args);
    };
  });
  try {
    await run();
  } finally {
    pools.forEach((pool, i) => {
      pool.query = originals[i] as Queryable['query'];
    });
  }
  return captured;
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
const INDEX_SCANS = ['Index Scan', 'Index Only Scan', 'Bitmap Index Scan'];
const QUEUE_GROUP_INDEX = /^orders_queue_\w+_idx$/;
/**
 * The nodes that read a big table whole: a Seq Scan, or (seq scans being priced out) an index read from end to end
 * without a condition, unless a Limit above stops it early (the audit log's newest page reads its index in order)
 * or the index is one queue group's partial index (`orders_queue_…`: it holds only that group's tasks, decision 056,
 * and the group's count reads it whole by design).
 */
function wholeReads(node: PlanNode, underLimit = false, found: string[] = []): string[] {
  const table = node['Relation Name'] ?? '';
  if (BIG_TABLES.includes(table)) {
    if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${table}`);
    else if (
      INDEX_SCANS.includes(node['Node Type']) &&
      !node['Index Cond'] &&
      !underLimit &&
      !QUEUE_GROUP_INDEX.test(node['Index Name'] ?? '')
    )
      found.push(`${node['Node Type']} of all ${node['Index Name']}`);
  }
  for (const child of node.Plans ?? []) wholeReads(child, underLimit || node['Node Type'] === 'Limit', found);
  return found;
}

/**
 * The plan `s` runs with: the back office's pool forces generic plans (planned once, whatever the values), so its
 * statements are explained as PREPARE and EXECUTE with plan_cache_mode forced the same way.
 */
async function planOf(client: PgClient, s: Captured): Promise<PlanNode> {
  const text = s.text.trim();
  const first = (rows: unknown[]) =>
    (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
  if (!s.generic) return first((await client.query(`EXPLAIN (FORMAT JSON) ${text}`, s.values)).rows);
  // EXECUTE is a utility statement, which takes no bound parameters: the values are written as literals.
  const literal = (v: unknown) =>
    v === null || v === undefined
      ? 'NULL'
      : `'${String(v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : v).replaceAll("'", "''")}'`;
  const params = s.values.map(literal).join(', ');
  // A name of its own each time: PREPARE outlives a rolled-back transaction, DEALLOCATE cannot run in a failed one.
  const name = `plan_check_${++prepares}`;
  await client.query('SET plan_cache_mode = force_generic_plan');
  await client.query(`PREPARE ${name} AS ${text}`);
  const execute = s.values.length > 0 ? `EXECUTE ${name}(${params})` : `EXECUTE ${name}`;
  const plan = first((await client.query(`EXPLAIN (FORMAT JSON) ${execute}`)).rows);
  await client.query(`DEALLOCATE ${name}`);
  await client.query('RESET plan_cache_mode');
  return plan;
}
let prepares = 0;

/** The big tables each statement would scan whole, by statement; empty when every one uses an index. */
async function scansOf(statements: Captured[]): Promise<string[]> {
  const problems: string[] = [];
  const pool = (t.db as unknown as { $client: { connect: () => Promise<PgClient> } }).$client;
  const client = await pool.connect();
  try {
    for (const s of statements) {
      const text = s.text.trim();
      if (!/^(select|with|update|delete|insert)\b/i.test(text)) continue;
      if (!BIG_TABLES.some((table) => text.includes(`"${table}"`) || text.includes(` ${table} `))) continue;
      await client.query('BEGIN');
      try {
        await client.query('SET LOCAL enable_seqscan = off');
        const scans = wholeReads(await planOf(client, s));
        if (scans.length > 0) problems.push(`${scans.join(', ')}: ${text.slice(0, 300)}`);
      } finally {
        await client.query('ROLLBACK');
      }
    }
  } finally {
    client.release();
  }
  return problems;
}
/**
 * Every index the statements' plans read, with the planner's own settings (sequential scans allowed): the index a
 * call is built on must be the one the planner picks on this much data, so a migration that leaves it out fails.
 */
async function indexesOf(statements: Captured[]): Promise<Set<string>> {
  const names = new Set<string>();
  const visit = (node: PlanNode) => {
    if (node['Index Name']) names.add(node['Index Name']);
    for (const child of node.Plans ?? []) visit(child);
  };
  const pool = (t.db as unknown as { $client: { connect: () => Promise<PgClient> } }).$client;
  const client = await pool.connect();
  try {
    for (const s of statements) {
      const text = s.text.trim();
      if (!/^(select|with)\b/i.test(text)) continue;
      visit(await planOf(client, s));
    }
  } finally {
    client.release();
  }
  return names;
}

type PgClient = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  release: () => void;
};

const rowsOf = resultRows;

describe.runIf(serverUrl)('the plans of the calls issue 36 measures', () => {
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
    staff = await staffToken(t);
    const [geek] = await t.db
      .insert(geeks)
      .values({ publicFullName: 'Plan Geek', major: 'English', publicSubjects: ['English'] })
      .returning({ id: geeks.id });
    geekId = geek?.id ?? '';
    student = await signUpClient(t);
    const order = await pricedOrder(t, student.token);
    taskId = order._id;
    await creditBalance(t, staff, student.id, order.price);
    const paid = await call(t, {
      url: `/orders/${taskId}/pay`,
      token: student.token,
      body: { account_balance_use: Math.round(order.price * 100) },
    });
    expect(paid.status).toBe(200);
    await call(t, { url: `/orders/${taskId}/messages`, token: student.token, body: { message: 'Hello' } });
    taskNumber = Number(
      rowsOf(await t.db.execute(sql`select number from orders where id = ${taskId}`))[0]?.number,
    );
    // Enough other rows that the statistics are a real table's: 3,000 tasks of other students, their messages,
    // audit rows and ledger entries.
    await t.db.execute(sql`insert into users (email, notification_email, referral_code)
      select 'plan' || g || '@example.com', 'plan' || g || '@example.com', 'PLAN' || g
      from generate_series(1, 300) g`);
    await t.db.execute(sql`insert into orders (user_id, title, subject, deadline, system_client_status, writer_id,
        paid_cents, price_cents, tags)
      select u.id, 'Task ' || g, 'English', now() + make_interval(hours => g % 500 - 100),
        (array['Completed', 'In Progress', 'Paid', 'Refund Requested', 'Revision Requested', 'New project'])[1 + g % 6],
        case when g % 3 = 0 then ${geekId}::uuid end, 1000, 1000, '[]'::jsonb
      from generate_series(1, 3000) g join users u on u.email = 'plan' || (1 + g % 300) || '@example.com'`);
    // A Geek with a workspace log-in: a task taken, a tenth of the other tasks, and paid tasks with their
    // instructions checked among the others (offers in the Geek's subject).
    workspaceGeek = await approvedGeek(t, staff, { subjects: ['English'] });
    const offer = await openTask(t, staff);
    expect(
      (await call(t, { url: `/workspace/offers/${offer.id}/take`, token: workspaceGeek.token, body: {} }))
        .status,
    ).toBe(200);
    await t.db.execute(sql`update orders set writer_id = ${workspaceGeek.id}::uuid
      where number % 10 = 1 and system_client_status in ('In Progress', 'Completed')`);
    // Tasks in twenty subjects (a Geek reads their own subject's offers, not every open task).
    await t.db.execute(sql`update orders
      set subject = (array['English', 'History', 'Biology', 'Law', 'Finance', 'Nursing', 'Art', 'Music', 'Physics',
          'Ethics', 'Chemistry', 'Marketing', 'Algebra', 'Geography', 'Sociology', 'Statistics', 'Philosophy',
          'Accounting', 'Psychology', 'Economics'])[1 + number % 20]
      where title like 'Task %'`);
    await t.db.execute(sql`update orders set tags = '["instr_ok"]'::jsonb
      where system_client_status = 'Paid' and writer_id is null and title like 'Task %'`);
    busy = await signUpClient(t);
    await t.db.execute(
      sql`update orders set user_id = ${busy.id}::uuid where number % 3 = 2 and title like 'Task %'`,
    );
    await t.db.execute(sql`insert into order_messages (order_id, sender_role, message, status)
      select id, case when number % 2 = 0 then 'client' else 'writer' end, 'Hi', case when number % 7 = 0 then 'unread' else 'read' end
      from orders, generate_series(1, 2)`);
    await t.db.execute(sql`insert into audit_log (actor_type, actor_email, action, order_id)
      select 'staff', 'staff@example.com', 'note', id from orders`);
    await t.db.execute(sql`with tx as (insert into ledger_transactions (kind, idempotency_key, order_id)
        select 'geek_earning', 'plan-earning:' || id, id from orders where writer_id is not null returning id, order_id)
      insert into ledger_entries (transaction_id, account_type, account_id, amount_cents)
      select tx.id, 'revenue', null, -500 from tx union all select tx.id, 'geek', ${geekId}::uuid, 500 from tx`);
    await t.db.execute(sql`analyze`);
    workspaceNext = (await call(t, { url: '/workspace/tasks', token: workspaceGeek.token })).body.next;
    assignNext = (await call(t, { url: '/ops/orders?group=assign', token: staff })).body.next;
    expect(workspaceNext).toEqual(expect.any(String));
    expect(assignNext).toEqual(expect.any(String));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const year = new Date().getUTCFullYear();
  const reads: [string, () => { url: string; token: () => string }][] = [
    ['the queue', () => ({ url: '/ops/orders', token: () => staff })],
    ...['check', 'instructions', 'assign', 'deadline', 'revision', 'refund', 'messages'].map(
      (group) =>
        [`the queue's ${group} group`, () => ({ url: `/ops/orders?group=${group}`, token: () => staff })] as [
          string,
          () => { url: string; token: () => string },
        ],
    ),
    ['the search by e-mail', () => ({ url: `/ops/orders?all=true&q=${student.email}`, token: () => staff })],
    ['the search by number', () => ({ url: `/ops/orders?all=true&q=${taskNumber}`, token: () => staff })],
    ["a task's page in /ops", () => ({ url: `/ops/orders/${taskId}`, token: () => staff })],
    ["a task's money panel", () => ({ url: `/ops/orders/${taskId}/money`, token: () => staff })],
    ["a task's timeline", () => ({ url: `/ops/orders/${taskId}/timeline`, token: () => staff })],
    ['the Geeks page', () => ({ url: '/ops/geeks', token: () => staff })],
    [
      'the earnings',
      () => ({ url: `/ops/geek-earnings?from=${year}-01-01&to=${year}-12-31`, token: () => staff }),
    ],
    [
      'the payout report',
      () => ({ url: `/ops/geek-earnings.csv?from=${year}-01-01&to=${year}-12-31`, token: () => staff }),
    ],
    ["a Geek's earnings", () => ({ url: `/ops/geeks/${geekId}/earnings`, token: () => staff })],
    ['the audit log', () => ({ url: '/ops/audit', token: () => staff })],
    ['My Geeks', () => ({ url: '/my-geeks', token: () => student.token })],
    ['the notification', () => ({ url: '/notification?types=allmessages', token: () => student.token })],
    ['the task list', () => ({ url: '/orders?page=0', token: () => student.token })],
    ["the task list's later page", () => ({ url: '/orders?page=3', token: () => student.token })],
    ['one task', () => ({ url: `/orders/${taskId}`, token: () => student.token })],
    ["a task's messages", () => ({ url: `/orders/${taskId}/messages`, token: () => student.token })],
    ["a Geek's offers", () => ({ url: '/workspace/offers', token: () => workspaceGeek.token })],
    ["a Geek's tasks", () => ({ url: '/workspace/tasks', token: () => workspaceGeek.token })],
    [
      "a Geek's tasks, next page",
      () => ({ url: `/workspace/tasks?after=${workspaceNext}`, token: () => workspaceGeek.token }),
    ],
    [
      "the queue's assign group, next page",
      () => ({ url: `/ops/orders?group=assign&after=${assignNext}`, token: () => staff }),
    ],
  ];

  // The workspace's and the notification's statements read the indexes of migration 0059 by name; the queue's
  // badges count the current hour's deadlines from migration 0060's (whatever the group shown).
  const usesIndexes: [string, () => { url: string; token: () => string }, string[]][] = [
    [
      "the queue's badges",
      () => ({ url: '/ops/orders?group=refund', token: () => staff }),
      ['orders_queue_deadline_page_idx'],
    ],
    [
      "a Geek's offers",
      () => ({ url: '/workspace/offers', token: () => workspaceGeek.token }),
      ['orders_offers_subject_idx', 'orders_offers_chosen_idx'],
    ],
    [
      "a Geek's tasks",
      () => ({ url: '/workspace/tasks', token: () => workspaceGeek.token }),
      ['orders_writer_deadline_id_idx'],
    ],
    [
      "a Geek's tasks, next page",
      () => ({ url: `/workspace/tasks?after=${workspaceNext}`, token: () => workspaceGeek.token }),
      ['orders_writer_deadline_id_idx'],
    ],
    [
      'the notification',
      () => ({ url: '/notification?types=allmessages', token: () => busy.token }),
      ['orders_user_unread_idx', 'orders_user_last_message_idx', 'orders_user_client_message_idx'],
    ],
  ];

  /**
   * A transaction committed before a call: the queue's pages kept from an earlier call of the same snapshot
   * (decision 069) are read again, so the call's statements are the page's, not only the snapshot's check.
   */
  const commitSomething = async () => {
    await t.db.execute(sql`select pg_current_xact_id()`);
  };

  it.each(usesIndexes)('%s reads its own indexes', async (_name, target, wanted) => {
    const { url, token } = target();
    let status = 0;
    await commitSomething();
    const statements = await capture(async () => {
      status = (await call(t, { url, token: token() })).status;
    });
    expect(status).toBe(200);
    const used = await indexesOf(statements);
    expect(wanted.filter((name) => !used.has(name))).toEqual([]);
  });

  it.each(reads)('%s reads no big table whole', async (_name, target) => {
    const { url, token } = target();
    let status = 0;
    await commitSomething();
    const statements = await capture(async () => {
      status = (await call(t, { url, token: token() })).status;
    });
    expect(status).toBe(200);
    expect(statements.length).toBeGreaterThan(0);
    // A queue page's own statement (with the kept badges) is among them, not only the snapshot's check.
    if (/^\/ops\/orders(\?group=|$)/.test(url))
      expect(statements.some((st) => st.text.includes('"ops_queue_counts"'))).toBe(true);
    expect(await scansOf(statements)).toEqual([]);
  });

  it("plans the queue's statement once per connection (a generic plan from the first call)", async () => {
    // Decision 056: left to choose, PostgreSQL plans each of the first five calls of a prepared statement for its
    // values, and afterwards keeps doing so whenever the generic plan's estimate is the dearer: at a million tasks
    // it planned the queue's page on every call, three times its execution's cost.
    const [me] = rowsOf(
      await t.db.execute(sql`select id, token_version from users where role = 'staff' limit 1`),
    );
    const session = { userId: String(me?.id), tokenVersion: Number(me?.token_version) };
    const query = { all: false, group: 'assign' as const, deadlineBefore: new Date(), limit: QUEUE_PAGE };
    const plans = await t.ctx.database.reportsDb.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        expect((await queuePage({ pages: tx, searches: tx }, query, session))?.rows.length).toBeGreaterThan(
          0,
        );
      return rowsOf(
        await tx.execute(sql`select generic_plans, custom_plans from pg_prepared_statements
          where name = ${`ops_queue_page_assign_${QUEUE_PAGE}`}`),
      );
    });
    expect(plans).toHaveLength(1);
    expect(Number(plans[0]?.custom_plans)).toBe(0);
    expect(Number(plans[0]?.generic_plans)).toBeGreaterThanOrEqual(3);
  });

  it('a balance credit and a task payment write without reading a big table whole', async () => {
    const order = await pricedOrder(t, student.token);
    const statements = await capture(async () => {
      await creditBalance(t, staff, student.id, order.price);
      const paid = await call(t, {
        url: `/orders/${order._id}/pay`,
        token: student.token,
        body: { account_balance_use: Math.round(order.price * 100) },
      });
      expect(paid.status).toBe(200);
    });
    // The ledger's balance check (0001_ledger_guards) runs in a trigger, out of sight: its query is added.
    const [entry] = rowsOf(await t.db.execute(sql`select transaction_id from ledger_entries limit 1`));
    statements.push({
      text: 'SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE transaction_id = $1',
      values: [entry?.transaction_id],
      generic: false,
    });
    expect(await scansOf(statements)).toEqual([]);
  });
});
