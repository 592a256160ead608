import { DEADLINE_CLOSE_MS } from '@geekly/domain/ops/back-office.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { queueSnapshot } from '../src/modules/ops/ops.repository.ts';
import { queuePageKey, sharedQueuePages } from '../src/modules/ops/shared-queue-pages.ts';
import { resultRows } from './helpers/result-rows.ts';
import {
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Decision 069: each API process keeps the queue's unfiltered pages and answers them again while a statement's
// snapshot says nothing was committed since and the clock has not moved a task into 'deadline'. Every write below
// is plain SQL on another connection than the queue's pool, as another process's would be: the process knows of
// no write, only the snapshot tells it.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffToken(t);
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  _id: string;
  title: string;
  client_email: string;
  geek_name: string | null;
  group: string | null;
};
type Queue = { results: Row[]; counts: Record<string, number> };

const queue = async (q: string, token = admin) => {
  const res = await call(t, { url: `/ops/orders?${q}`, token });
  return { status: res.status, body: res.body as Queue };
};
const rowOf = async (q: string, id: string) => {
  const { status, body } = await queue(q);
  expect(status).toBe(200);
  return { row: body.results.find((r) => r._id === id), counts: body.counts };
};

const rows = resultRows;
const revisionPage = queuePageKey('revision', undefined);

/** The staff session behind `admin` (the only staff account this file signs in), as its statement checks it. */
async function adminSession() {
  const [row] = rows(
    await t.db.execute(sql`select id, token_version from users where role = 'staff' and email like 'ops-%'`),
  );
  return { userId: row?.id as string, tokenVersion: Number(row?.token_version) };
}

describe("the queue's shared pages", () => {
  it('answer what is committed: a task, its student and its Geek changed in SQL show at once', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const deadline = new Date(t.ctx.now().getTime() + 90 * 24 * 3_600_000);
    await t.db.execute(sql`update orders set system_client_status = 'Revision Requested', paid_cents = 1000,
      deadline = ${deadline.toISOString()}::timestamptz where id = ${order._id}`);

    const first = await rowOf('group=revision', order._id);
    expect(first.row?.group).toBe('revision');
    // Kept, and still the page for a statement of the same snapshot: nothing was written since.
    const pages = sharedQueuePages(t.ctx.database.reportsDb);
    expect(pages.has(revisionPage)).toBe(true);
    const session = await adminSession();
    const snapshot = await queueSnapshot(t.ctx.database.reportsDb, session);
    expect(snapshot).not.toBeNull();
    const deadlineBefore = t.ctx.now().getTime() + DEADLINE_CLOSE_MS;
    expect(pages.fresh(revisionPage, snapshot ?? '', deadlineBefore)).toBeDefined();
    expect((await rowOf('group=revision', order._id)).row).toEqual(first.row);

    await t.db.execute(sql`update orders set title = 'Retitled in SQL' where id = ${order._id}`);
    expect(
      pages.fresh(
        revisionPage,
        (await queueSnapshot(t.ctx.database.reportsDb, session)) ?? '',
        deadlineBefore,
      ),
    ).toBeUndefined();
    expect((await rowOf('group=revision', order._id)).row?.title).toBe('Retitled in SQL');
    // The whole queue too (its own kept page).
    expect((await rowOf('', order._id)).row?.title).toBe('Retitled in SQL');

    await t.db.execute(sql`update users set email = 'renamed-student@geekly.example'
      where id = (select user_id from orders where id = ${order._id})`);
    expect((await rowOf('group=revision', order._id)).row?.client_email).toBe(
      'renamed-student@geekly.example',
    );

    const [geek] = await t.db
      .insert(geeks)
      .values({ publicFullName: 'Quinn Hale', major: 'Nursing', publicSubjects: ['Nursing'] })
      .returning({ id: geeks.id });
    await t.db.execute(sql`update orders set writer_id = ${geek?.id} where id = ${order._id}`);
    expect((await rowOf('group=revision', order._id)).row?.geek_name).toBe('Quinn Hale');
    await t.db.execute(sql`update geeks set public_full_name = 'Quinn Hale-Moreau' where id = ${geek?.id}`);
    expect((await rowOf('group=revision', order._id)).row?.geek_name).toBe('Quinn Hale-Moreau');

    // The badges move with the tasks.
    const before = (await rowOf('', order._id)).counts.revision ?? 0;
    await t.db.execute(
      sql`update orders set system_client_status = 'Refund Requested' where id = ${order._id}`,
    );
    const after = await rowOf('', order._id);
    expect(after.counts.revision).toBe(before - 1);
    expect(after.row?.group).toBe('refund');
  });

  it("follow the clock: a task in progress enters 'deadline' 24 hours before it is due, and leaves on a clock set back", async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    // Due in 24 hours and 2 minutes, with a message the student sent that staff have not read: 'messages' now.
    const due = new Date(t.ctx.now().getTime() + DEADLINE_CLOSE_MS + 2 * 60_000);
    await t.db.execute(sql`update orders set system_client_status = 'In Progress', client_status = 'Working',
      paid_cents = 1000, deadline = ${due.toISOString()}::timestamptz where id = ${order._id}`);
    await t.db.execute(sql`insert into order_messages (order_id, sender_role, message, status)
      values (${order._id}, 'client', 'Any news?', 'unread')`);

    const now = await rowOf('', order._id);
    expect(now.row?.group).toBe('messages');
    const counts = now.counts;
    expect((await rowOf('', order._id)).row?.group).toBe('messages');

    // Three minutes on, nothing written: the kept page no longer holds.
    t.clock.offsetMs += 3 * 60_000;
    const later = await rowOf('', order._id);
    expect(later.row?.group).toBe('deadline');
    expect(later.counts.deadline).toBe((counts.deadline ?? 0) + 1);
    expect(later.counts.messages).toBe((counts.messages ?? 0) - 1);

    // A clock set back does not read a page kept for a later time.
    t.clock.offsetMs -= 3 * 60_000;
    expect((await rowOf('', order._id)).row?.group).toBe('messages');
  });

  it('are never answered to a session that has ended', async () => {
    expect((await queue('')).status).toBe(200);
    expect((await queue('')).status).toBe(200);
    const session = await adminSession();
    await t.db.execute(sql`update users set token_version = token_version + 1 where id = ${session.userId}`);
    expect((await queue('')).status).toBe(401);
    expect((await queue('group=revision')).status).toBe(401);
  });
});
