import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../src/modules/audit/audit.ts';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import { AUDIT_PAGE_SIZE } from '../src/modules/ops/task-records.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// GET /ops/audit reads the log a page at a time, newest first: `next` is the `before` of the following page.
let t: TestApp;
let ops: string;
let orderId: string;
const written: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  const client = await signUpClient(t);
  orderId = (await pricedOrder(t, client.token, { hours: 120, pages: 2 }))._id;
  // 120 rows of one task in one transaction: they share the transaction's time, so only the id orders them.
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < 120; i++) {
      await writeAudit(tx, { type: 'autopilot' }, { action: `step ${i}`, orderId, details: { i } });
    }
  });
  // Two more at later times, to see the time come first.
  for (const i of [120, 121]) {
    await writeAudit(
      t.db,
      { type: 'autopilot' },
      { action: `step ${i}`, orderId, details: { i }, at: new Date(Date.now() + i * 1000) },
    );
  }
  written.push(...Array.from({ length: 122 }, (_, i) => `step ${i}`));
});
afterAll(() => t.close());

const page = (query: Record<string, string>, token = ops) =>
  call(t, { url: `/ops/audit?${new URLSearchParams(query)}`, token });

describe('GET /ops/audit pages', () => {
  it('gives a task’s log 50 rows a page, each row once, the newest first, and no next after the last', async () => {
    const first = await page({ order_id: orderId });
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.body.results.slice(0, 2).map((r: { action: string }) => r.action)).toEqual([
      'step 121',
      'step 120',
    ]);
    expect(first.body.next).toBe(first.body.results.at(-1)._id);

    const second = await page({ order_id: orderId, before: first.body.next });
    expect(second.body.results).toHaveLength(AUDIT_PAGE_SIZE);
    const third = await page({ order_id: orderId, before: second.body.next });
    expect(third.body.results).toHaveLength(122 - 2 * AUDIT_PAGE_SIZE);
    expect(third.body.next).toBeNull();

    const all = await auditLogOf(t, ops, orderId);
    const actions = all.map((r) => r.action).filter((a) => a.startsWith('step '));
    expect(new Set(actions).size).toBe(actions.length);
    expect([...actions].sort()).toEqual([...written].sort());
    const times = all.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('reads the whole log the same way, with the task’s rows in it', async () => {
    const all = await auditLogOf(t, ops);
    expect(all.filter((r) => r.action.startsWith('step ')).length).toBe(122);
  });

  it('gives no rows before an id that names none, and refuses a before that is not an id', async () => {
    const none = await page({ before: randomUUID() });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ results: [], next: null });
    const bad = await page({ before: 'yesterday' });
    expect(bad.status).toBe(422);
  });

  it('is for staff only', async () => {
    const client = await signUpClient(t);
    expect((await page({}, client.token)).status).toBe(403);
  });
});

describe('what a support account sees of the audit log (issue 35 item 10)', () => {
  it('its own rows and those of the tasks it worked on, other staff by role and never by e-mail; an admin sees all', async () => {
    const admin = {
      email: `admin-${randomUUID().slice(0, 8)}@geekly.example`,
      password: 'operator password 1',
    };
    const support = {
      email: `support-${randomUUID().slice(0, 8)}@geekly.example`,
      password: 'operator password 2',
    };
    const adminId = (await upsertStaffAccount(t.db, admin.email, admin.password, 'admin')).id;
    const supportId = (await upsertStaffAccount(t.db, support.email, support.password, 'support')).id;
    const logIn = async (who: { email: string; password: string }) =>
      (await call(t, { url: '/ops/session', body: who, ip: t.nextIp() })).body.jwt as string;
    const client = await signUpClient(t);
    const theirs = (await pricedOrder(t, client.token))._id as string;
    const another = (await pricedOrder(t, client.token))._id as string;
    const asAdmin = { type: 'staff', id: adminId, email: admin.email } as const;
    const asSupport = { type: 'staff', id: supportId, email: support.email } as const;
    await writeAudit(t.db, asSupport, { action: 'note', orderId: theirs, details: { by: 'support' } });
    await writeAudit(t.db, asAdmin, { action: 'refund', orderId: theirs, details: { by: 'admin' } });
    await writeAudit(t.db, asAdmin, { action: 'refund', orderId: another, details: { elsewhere: true } });
    await writeAudit(t.db, asAdmin, {
      action: 'staff.role',
      subjectId: supportId,
      details: { email: support.email, by: admin.email },
    });
    await writeAudit(t.db, asSupport, { action: 'balance.credit', subjectId: client.id, details: {} });

    const seen = await auditLogOf(t, await logIn(support));
    // Its own rows (on a task and not) and the admin's row on the task it worked on; nothing else.
    expect(seen.map((r) => [r.action, r.actor]).sort()).toEqual(
      [
        ['balance.credit', support.email],
        ['note', support.email],
        ['refund', 'admin'],
      ].sort(),
    );
    expect(JSON.stringify(seen)).not.toContain(admin.email);
    // The log of a task: every row, other staff by role.
    const task = await auditLogOf(t, await logIn(support), another);
    expect(task.map((r) => r.actor)).toEqual(['admin']);

    // An admin sees every row with its e-mail.
    const all = await auditLogOf(t, await logIn(admin));
    const mine = all.filter((r) => r.actor === admin.email).map((r) => r.action);
    expect(mine.sort()).toEqual(['refund', 'refund', 'staff.role'].sort());
  });
});
