import { readFileSync } from 'node:fs';
import type { QueueGroup } from '@geekly/domain/ops/back-office.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { countQueueGroups, keptQueueCounts } from '../src/modules/ops/ops.repository.ts';
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

// Decision 056 (issue 36): the queue's badges read the counts migration 0055's trigger keeps. Whatever changes a
// task (its status, tags, payment, Geek, removal, deadline, the student's unread messages), the kept counts must
// equal the groups counted from the tasks, at any time of the deadline's hour.

let t: TestApp;
let admin: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
});
afterAll(async () => {
  await t?.close();
});

const rows = resultRows;

/**
 * The kept counts and the counted ones, at `deadlineBefore`. A search that matches every task (each is an 'Essay on
 * Hamlet') counts the same: its matches are counted in one pass, each in its group (countQueueGroups).
 */
async function bothAt(deadlineBefore: Date) {
  const counted = await countQueueGroups(t.db, { all: false, deadlineBefore, limit: 200 });
  const others = rows(
    await t.db.execute(sql`select count(*)::int as n from orders where title not ilike '%hamlet%'`),
  );
  expect(others[0]?.n).toBe(0);
  const searched = await countQueueGroups(t.db, { all: false, q: 'hamlet', deadlineBefore, limit: 200 });
  expect(searched).toEqual(counted);
  return { kept: await keptQueueCounts(t.db, deadlineBefore), counted };
}

/**
 * Kept and counted agree at the queue's own time and at points either side of deadlines and hours; answers the
 * counts at the queue's own time.
 */
async function expectKeptEqualsCounted() {
  const now = t.ctx.now().getTime();
  const hourStart = Math.floor((now + 24 * HOUR) / HOUR) * HOUR;
  for (const at of [hourStart, hourStart + 1, hourStart - 1, now, now + 60 * HOUR, now + 24 * HOUR]) {
    const { kept, counted } = await bothAt(new Date(at));
    expect(kept, new Date(at).toISOString()).toEqual(counted);
    if (at === now + 24 * HOUR) return counted;
  }
  throw new Error('unreachable');
}

/** `n` copies of a task (every column but the id and number). */
async function copies(id: string, n: number): Promise<string[]> {
  const columns = rows(
    await t.db.execute(sql`select column_name as c from information_schema.columns
      where table_name = 'orders' and column_name not in ('id', 'number')`),
  ).map((r) => sql.identifier(r.c as string));
  const list = sql.join(columns, sql`, `);
  return rows(
    await t.db.execute(sql`insert into orders (${list})
      select ${list} from orders, generate_series(1, ${n}) g where id = ${id} returning id`),
  ).map((r) => r.id as string);
}

/** A deterministic sequence of choices (a linear congruential generator). */
function chooser(seed: number) {
  let state = seed;
  return <T>(options: readonly T[]): T => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return options[(state >>> 16) % options.length] as T;
  };
}

describe("the queue's kept counts", () => {
  it('equal the counted groups through every kind of change to the tasks', async () => {
    const [geek] = await t.db
      .insert(geeks)
      .values({ publicFullName: 'Count Geek', major: 'English', publicSubjects: ['English'] })
      .returning({ id: geeks.id });
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const tasks = await copies(order._id, 40);
    await expectKeptEqualsCounted();

    const pick = chooser(36);
    const now = t.ctx.now().getTime();
    const statuses = [
      'New project',
      'Paid',
      'In Progress',
      'Revision Requested',
      'Refund Requested',
      'Refund Declined',
      'Completed',
    ] as const;
    const clientStatuses = [null, 'On revision', 'Nerd found', 'In progress', 'Sent'] as const;
    const tagSets = [[], ['instr_ok'], ['quality_check'], ['instr_ok', 'quality_check']] as const;
    // Deadlines either side of the 24 hours and of the hour boundaries around them.
    const offsets = [-30 * HOUR, -HOUR, 10 * 60_000, 23 * HOUR, 24 * HOUR - 1, 24 * HOUR + 60_000, 30 * HOUR];
    const seen = new Set<string>();
    for (let round = 0; round < 12; round++) {
      for (const id of tasks) {
        const change = pick([
          'status',
          'client',
          'tags',
          'paid',
          'geek',
          'removed',
          'deadline',
          'message',
          'read',
        ]);
        if (change === 'status')
          await t.db.execute(
            sql`update orders set system_client_status = ${pick(statuses)} where id = ${id}`,
          );
        else if (change === 'client')
          await t.db.execute(sql`update orders set client_status = ${pick(clientStatuses)} where id = ${id}`);
        else if (change === 'tags')
          await t.db.execute(
            sql`update orders set tags = ${JSON.stringify(pick(tagSets))}::jsonb where id = ${id}`,
          );
        else if (change === 'paid')
          await t.db.execute(sql`update orders set paid_cents = ${pick([0, 1000])} where id = ${id}`);
        else if (change === 'geek')
          await t.db.execute(
            sql`update orders set writer_id = ${pick([null, geek?.id ?? null])} where id = ${id}`,
          );
        else if (change === 'removed')
          await t.db.execute(
            sql`update orders set client_remove = ${pick([false, false, true])} where id = ${id}`,
          );
        else if (change === 'deadline')
          await t.db.execute(
            sql`update orders set deadline = ${new Date(now + pick(offsets)).toISOString()} where id = ${id}`,
          );
        else if (change === 'message')
          await t.db.execute(sql`insert into order_messages (order_id, sender_role, message, status)
            values (${id}, 'client', 'Any news?', 'unread')`);
        else
          await t.db.execute(sql`update order_messages set status = 'read'
            where order_id = ${id} and sender_role = 'client'`);
      }
      const counts = await expectKeptEqualsCounted();
      for (const [group, n] of Object.entries(counts)) if (n > 0) seen.add(group);
    }
    // The changes put tasks in every group at some point.
    expect([...seen].sort()).toEqual([
      'assign',
      'check',
      'deadline',
      'instructions',
      'messages',
      'refund',
      'revision',
    ]);
    // Tasks deleted, and many changed in one statement.
    await t.db.execute(sql`delete from order_messages where order_id = ${tasks[0]}`);
    await t.db.execute(sql`delete from orders where id = ${tasks[0]}`);
    await t.db.execute(sql`update orders set system_client_status = 'In Progress', client_status = 'In progress',
      tags = '[]'::jsonb where id in ${sql`(${sql.join(
        tasks.slice(1, 20).map((id) => sql`${id}`),
        sql`, `,
      )})`}`);
    await expectKeptEqualsCounted();

    // Migration 0056 fills the counts of the tasks written before the trigger: run again on these tasks with the
    // kept rows emptied, it gives the same counts.
    await t.db.execute(sql`delete from ops_queue_counts`);
    await t.db.execute(sql`delete from ops_queue_deadline_hours`);
    const fill = readFileSync(new URL('../drizzle/0056_fill_queue_kept_counts.sql', import.meta.url), 'utf8');
    for (const statement of fill.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    await expectKeptEqualsCounted();
  });

  it('move at once with a payment, a message and staff checking the instructions', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const badges = async () =>
      ((await call(t, { url: '/ops/orders', token: admin })).body as { counts: Record<QueueGroup, number> })
        .counts;
    const before = await badges();
    await creditBalance(t, admin, client.id, order.price);
    const paid = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: client.token,
      body: { account_balance_use: Math.round(order.price * 100) },
    });
    expect(paid.status).toBe(200);
    const afterPayment = await badges();
    expect(afterPayment.instructions).toBe(before.instructions + 1);
    const checked = await call(t, {
      url: `/ops/orders/${order._id}/transitions`,
      token: admin,
      body: { name: 'accept_instructions' },
    });
    expect(checked.status).toBe(200);
    const afterCheck = await badges();
    expect(afterCheck.instructions).toBe(before.instructions);
    expect(afterCheck.assign).toBe(before.assign + 1);
    await expectKeptEqualsCounted();
  });
});
