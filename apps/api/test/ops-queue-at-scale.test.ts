import { QUEUE_GROUPS, QUEUE_PAGE } from '@geekly/domain/ops/back-office.ts';
import { opsOrdersContract } from '@geekly/domain/ops/ops-orders-contract.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { chooseGeek } from '../src/modules/autopilot/autopilot-plan.ts';
import { listGeeks } from '../src/modules/ops/ops.repository.ts';
import { resultRows } from './helpers/result-rows.ts';
import {
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Issue 36: the queue's groups and the Geeks' load are right whatever the size. The queue used to keep the 200
// soonest deadlines before grouping, so a refund request behind 200 older tasks with unread messages was lost;
// the Geeks page counted every Geek's load as 0, and the autopilot chose from it.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
});
afterAll(async () => {
  await t?.close();
});

const rows = resultRows;

/** `n` copies of a task (every column but the id and number), deadlines one hour apart from `firstDeadline`. */
async function copies(id: string, n: number, firstDeadline: Date): Promise<string[]> {
  const columns = rows(
    await t.db.execute(sql`select column_name as c from information_schema.columns
      where table_name = 'orders' and column_name not in ('id', 'number', 'deadline')`),
  ).map((r) => sql.identifier(r.c as string));
  const list = sql.join(columns, sql`, `);
  return rows(
    await t.db.execute(sql`insert into orders (${list}, deadline)
      select ${list}, ${firstDeadline.toISOString()}::timestamptz + make_interval(hours => g)
      from orders, generate_series(1, ${n}) g where id = ${id} returning id`),
  ).map((r) => r.id as string);
}

type Queue = {
  results: { _id: string; group: string | null; deadline: string }[];
  counts: Record<string, number>;
  next: string | null;
};
/** The queue's answer, checked against its contract (the route writes it without re-validating it). */
const queue = async (q: string) => {
  const { body } = await call(t, { url: `/ops/orders?${q}`, token: admin });
  expect(opsOrdersContract.queue.responses[200].parse(body)).toEqual(body);
  return body as Queue;
};

describe('the queue at any size', () => {
  it('shows a refund and a revision request behind more than 200 older tasks with unread messages', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const longAgo = new Date(t.ctx.now().getTime() - 400 * 24 * 3_600_000);
    // 250 finished tasks due long ago, each with an unread message from the student.
    const old = await copies(order._id, 250, longAgo);
    await t.db.execute(sql`update orders set system_client_status = 'Completed', client_status = 'Sent'
      where id in ${sql`(${sql.join(
        old.map((id) => sql`${id}`),
        sql`, `,
      )})`}`);
    await t.db.execute(sql`insert into order_messages (order_id, sender_role, message, status)
      select id, 'client', 'Are you there?', 'unread' from orders where id in ${sql`(${sql.join(
        old.map((id) => sql`${id}`),
        sql`, `,
      )})`}`);
    // Two tasks due later than all of them: a refund request and a revision request.
    const later = new Date(t.ctx.now().getTime() + 30 * 24 * 3_600_000);
    const [refund, revision] = await copies(order._id, 2, later);
    await t.db.execute(sql`update orders set system_client_status = 'Refund Requested', paid_cents = 1000
      where id = ${refund}`);
    await t.db.execute(sql`update orders set system_client_status = 'Revision Requested', paid_cents = 1000
      where id = ${revision}`);

    const refunds = await queue('group=refund');
    expect(refunds.results.map((r) => r._id)).toContain(refund);
    expect(refunds.results.every((r) => r.group === 'refund')).toBe(true);
    const revisions = await queue('group=revision');
    expect(revisions.results.map((r) => r._id)).toContain(revision);

    const whole = await queue('');
    // The counts are every task of each group, not those of the page.
    expect(whole.counts.messages).toBeGreaterThanOrEqual(250);
    expect(whole.counts.refund).toBeGreaterThanOrEqual(1);
    expect(whole.counts.revision).toBeGreaterThanOrEqual(1);
    // The whole queue's first page is the soonest deadlines of every group, with the next page's cursor.
    expect(whole.results).toHaveLength(QUEUE_PAGE);
    expect(whole.results.every((r) => r.group === 'messages')).toBe(true);
    expect(whole.next).toBe(whole.results.at(-1)?._id);
    // So is one group's.
    const messages = await queue('group=messages');
    expect(messages.results).toHaveLength(QUEUE_PAGE);
    expect(messages.next).toBe(messages.results.at(-1)?._id);
    expect(messages.results.map((r) => r._id)).not.toContain(refund);
    // A search still finds the refund request among them.
    const number = rows(await t.db.execute(sql`select number from orders where id = ${refund}`))[0]?.number;
    const found = await queue(`q=${number}&group=refund`);
    expect(found.results.map((r) => r._id)).toEqual([refund]);
    // The badges count the search's matches: that one task, in its group.
    expect(found.counts).toEqual(
      Object.fromEntries(QUEUE_GROUPS.map((g) => [g.id, g.id === 'refund' ? 1 : 0])),
    );
  });
});

/** Every page of the queue `q` asks for, checking each (full but the last) with `check`: their tasks in order. */
async function everyPage(q: string, check?: (page: Queue) => void) {
  const seen: Queue['results'] = [];
  let page = await queue(q);
  for (let i = 0; ; i++) {
    check?.(page);
    seen.push(...page.results);
    if (page.next === null) break;
    expect(page.results).toHaveLength(QUEUE_PAGE);
    page = await queue(`${q}&after=${page.next}`);
    expect(i).toBeLessThan(100);
  }
  expect(page.results.length).toBeLessThanOrEqual(QUEUE_PAGE);
  return seen;
}

describe("the queue's pages", () => {
  it('are QUEUE_PAGE tasks each in (deadline, id) order, every task once, to the last page', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const start = new Date(t.ctx.now().getTime() + 60 * 24 * 3_600_000);
    const ids = await copies(order._id, 130, start);
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await t.db.execute(sql`update orders set system_client_status = 'Revision Requested', paid_cents = 1000
      where id in (${list})`);
    // Ties: 60 of them share one deadline, across the pages' edges, so the id orders them.
    await t.db.execute(sql`update orders set deadline = ${start.toISOString()}::timestamptz
      where id in (${sql.join(
        ids.slice(20, 80).map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const expected = rows(
      await t.db.execute(sql`select id from orders where client_remove = false
        and (system_client_status = 'Revision Requested' or client_status = 'On revision')
        and system_client_status <> 'Refund Requested' and not (tags @> '["quality_check"]'::jsonb)
        order by deadline, id`),
    ).map((r) => r.id as string);
    expect(expected.length).toBeGreaterThan(130);

    const seen = await everyPage('group=revision', (page) => {
      expect(page.results.every((r) => r.group === 'revision')).toBe(true);
      // The badges stay the whole group's on every page.
      expect(page.counts.revision).toBe(expected.length);
    });
    // No task twice, none missing, in the order the index holds them.
    expect(seen.map((r) => r._id)).toEqual(expected);

    // Tasks looking for a Geek, half with their instructions checked ('assign'), half not ('instructions'), their
    // deadlines among the others': the two groups share one index, and the whole queue must hold both.
    const looking = await copies(order._id, 60, new Date(start.getTime() + 30 * 60_000));
    await t.db.execute(sql`update orders set system_client_status = 'Paid', paid_cents = 1000, writer_id = null,
      tags = case when number % 2 = 0 then '["instr_ok"]'::jsonb else '[]'::jsonb end
      where id in (${sql.join(
        looking.map((id) => sql`${id}`),
        sql`, `,
      )})`);

    // The whole queue's pages are every group's tasks merged, in the same order.
    const groups = (await Promise.all(QUEUE_GROUPS.map((g) => everyPage(`group=${g.id}`)))).flat();
    const merged = groups
      .sort((a, b) => a.deadline.localeCompare(b.deadline) || (a._id < b._id ? -1 : 1))
      .map((r) => r._id);
    expect(merged.length).toBeGreaterThan(10 * QUEUE_PAGE);
    const inGroup = (id: string) => groups.filter((r) => r.group === id).length;
    expect([inGroup('instructions'), inGroup('assign')]).toEqual([30, 30]);
    expect((await everyPage('')).map((r) => r._id)).toEqual(merged);

    // A cursor that is no task answers an empty last page (any row id's form: ids written by SQL, md5()::uuid in
    // the bench, carry no RFC 4122 version); a cursor that is no id, a 422.
    const none = await queue('group=revision&after=30faab15-33db-a72a-084a-b30735b40bdc');
    expect(none.results).toEqual([]);
    expect(none.next).toBeNull();
    expect((await call(t, { url: '/ops/orders?group=revision&after=x', token: admin })).status).toBe(422);
  });
});

describe("the Geeks' load", () => {
  it('counts the tasks each Geek is working on, and the autopilot gives a task to the least loaded', async () => {
    const [busy, idle] = await t.db
      .insert(geeks)
      .values([
        { publicFullName: 'Aaron Busy', major: 'History', publicSubjects: ['History'] },
        { publicFullName: 'Zoe Idle', major: 'History', publicSubjects: ['History'] },
      ])
      .returning({ id: geeks.id });
    if (!busy || !idle) throw new Error('geeks not inserted');
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const tasks = await copies(order._id, 3, t.ctx.now());
    const [first, second, third] = tasks;
    await t.db.execute(sql`update orders set writer_id = ${busy.id}, system_client_status = 'In Progress'
      where id in (${first}, ${second})`);
    // A finished task is not load.
    await t.db.execute(sql`update orders set writer_id = ${busy.id}, system_client_status = 'Completed'
      where id = ${third}`);

    const page = (await call(t, { url: '/ops/geeks', token: admin })).body as { _id: string; load: number }[];
    expect(page.find((g) => g._id === busy.id)?.load).toBe(2);
    expect(page.find((g) => g._id === idle.id)?.load).toBe(0);

    // Aaron comes first by name; with his real load the autopilot passes him over.
    const candidates = (await listGeeks(t.db)).filter((g) => g.id === busy.id || g.id === idle.id);
    expect(chooseGeek({ subject: 'History', services: [] }, candidates, new Set())?.id).toBe(idle.id);
  });
});
