import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, geeks, ledgerEntries } from '../src/db/schema.ts';
import { AUTOPILOT_EMAIL, ensureAutopilotAccount } from '../src/modules/autopilot/autopilot.repository.ts';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import { uploadGeekFile } from './helpers/files.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let support: string;
let geekId: string;

async function supportToken() {
  const email = `support-${randomBytes(3).toString('hex')}@geekly.example`;
  await upsertStaffAccount(t.db, email, 'support password 1', 'support');
  const res = await call(t, {
    url: '/ops/session',
    body: { email, password: 'support password 1' },
    ip: t.nextIp(),
  });
  return res.body.jwt as string;
}

beforeAll(async () => {
  // The support limit is $30 here, so the tests can give refunds on both sides of it.
  t = await createTestApp({ SUPPORT_REFUND_LIMIT: '30', SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
  support = await supportToken();
  const [geek] = await t.db
    .insert(geeks)
    .values({ publicFullName: 'Ada L.', major: 'English', publicSubjects: ['English'] })
    .returning({ id: geeks.id });
  geekId = geek?.id ?? '';
});
afterAll(async () => {
  const [sum] = await t.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries);
  expect(Number(sum?.total)).toBe(0);
  await t?.close();
});

const me = async (token: string) => (await call(t, { url: '/users/client/me', token })).body;
const clientOrder = async (token: string, id: string) =>
  (await call(t, { url: `/orders/${id}`, token })).body;
const audit = (orderId: string) => auditLogOf(t, admin, orderId);
const refund = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { url: `/ops/orders/${id}/refunds`, token, body });
const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: admin, body: { name, ...extra } });

/** A client with a task paid in full from the balance ($200 credited first). */
async function paidTask() {
  const client = await signUpClient(t);
  await creditBalance(t, admin, client.id, 200);
  const order = await pricedOrder(t, client.token);
  const paid = await call(t, {
    url: `/orders/${order._id}/pay`,
    token: client.token,
    body: { account_balance_use: 100_000 },
  });
  expect(paid.status).toBe(200);
  return { client, order: await clientOrder(client.token, order._id) };
}

describe('the back office API', () => {
  it('answers a student’s token 403 on every operator call, and changes nothing', async () => {
    const { client, order } = await paidTask();
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/v3/ops/') && r.url !== '/api/v3/ops/session',
    );
    expect(routes.length).toBeGreaterThan(10);
    const before = (await audit(order._id)).length;
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, order._id),
        headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
        payload:
          route.method === 'GET'
            ? undefined
            : JSON.stringify({ name: 'deliver', amount: 1, to: 'balance', memo: 'x', body: 'x' }),
      });
      expect([route.method, route.url, res.statusCode]).toEqual([route.method, route.url, 403]);
    }
    expect((await audit(order._id)).length).toBe(before);
    expect((await clientOrder(client.token, order._id)).client_paid).toBe(order.client_paid);
  });

  it('refunds part of a task: the balance and the paid amount move by exactly the amount, with an audit row', async () => {
    const { client, order } = await paidTask();
    const balanceBefore = (await me(client.token)).available_balance;
    const res = await refund(admin, order._id, { amount: '12.34', to: 'balance', memo: 'late delivery' });
    expect(res.status).toBe(201);
    expect(res.body.to_balance).toBe(12.34);
    expect((await me(client.token)).available_balance).toBeCloseTo(balanceBefore + 12.34, 2);
    expect((await clientOrder(client.token, order._id)).client_paid).toBeCloseTo(
      order.client_paid - 12.34,
      2,
    );
    const [row] = await audit(order._id);
    expect(row?.action).toBe('refund');
    expect(row?.before).toEqual({ paid: order.client_paid });
    expect(row?.details).toMatchObject({ amount: 12.34, to: 'balance', memo: 'late delivery' });
  });

  it('never refunds more than is paid and not yet refunded', async () => {
    const { order } = await paidTask();
    const paid = order.client_paid as number;
    expect((await refund(admin, order._id, { amount: paid - 10, to: 'balance', memo: 'a' })).status).toBe(
      201,
    );
    const over = await refund(admin, order._id, { amount: 10.01, to: 'balance', memo: 'b' });
    expect(over.status).toBe(422);
    expect(over.body.error_value.amount).toBe('At most $10.00 can be refunded');
    expect((await refund(admin, order._id, { amount: 10, to: 'balance', memo: 'c' })).status).toBe(201);
    expect((await refund(admin, order._id, { amount: 0.01, to: 'balance', memo: 'd' })).status).toBe(422);
  });

  it('under concurrency, refunds together never exceed what was paid', async () => {
    const { client, order } = await paidTask();
    const paid = order.client_paid as number;
    const part = Math.floor(paid * 40) / 100; // 40% of the price: two fit, a third does not
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        refund(admin, order._id, { amount: part, to: 'balance', memo: `race ${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.status).toBe(422);
    expect((await clientOrder(client.token, order._id)).client_paid).toBeCloseTo(paid - 2 * part, 2);
    expect((await audit(order._id)).filter((a) => a.action === 'refund')).toHaveLength(2);
  }, 60_000);

  it('refuses a support account a refund over the configured limit, and lets an admin give it', async () => {
    const { client, order } = await paidTask();
    const over = await refund(support, order._id, { amount: 30.01, to: 'balance', memo: 'goodwill' });
    expect(over.status).toBe(403);
    expect(over.body.error_type).toBe('refund_over_limit');
    expect((await clientOrder(client.token, order._id)).client_paid).toBe(order.client_paid);
    expect((await audit(order._id)).filter((a) => a.action === 'refund')).toHaveLength(0);
    expect((await refund(support, order._id, { amount: 30, to: 'balance', memo: 'ok' })).status).toBe(201);
    expect((await refund(admin, order._id, { amount: 30.01, to: 'balance', memo: 'ok' })).status).toBe(201);
  });

  it('lets only an admin see and create staff accounts', async () => {
    const body = {
      email: `new-${randomBytes(3).toString('hex')}@geekly.example`,
      password: 'long enough pw',
      staff_role: 'support',
    };
    expect((await call(t, { url: '/ops/staff', token: support })).status).toBe(403);
    expect((await call(t, { url: '/ops/staff', token: support, body })).status).toBe(403);
    const created = await call(t, { url: '/ops/staff', token: admin, body });
    expect(created.status).toBe(201);
    await ensureAutopilotAccount(t.db);
    const list = await call(t, { url: '/ops/staff', token: admin });
    const emails = list.body.results.map((s: { email: string }) => s.email);
    expect(emails).toContain(body.email);
    // The autopilot's service account acts (audit actor 'autopilot') but is nobody's log-in.
    expect(emails).not.toContain(AUTOPILOT_EMAIL);
    expect((await call(t, { url: '/ops/me', token: support })).body.staff_role).toBe('support');
  });

  it('writes an audit row with every transition, and none for a refused one', async () => {
    const { order } = await paidTask();
    expect((await operate(order._id, 'deliver')).status).toBe(409);
    expect(await audit(order._id)).toHaveLength(0);
    const res = await operate(order._id, 'assign_geek', { writer_id: geekId });
    expect(res.status).toBe(200);
    const [row] = await audit(order._id);
    expect(row).toMatchObject({
      action: 'transition:assign_geek',
      before: { system_client_status: 'Paid', writer_id: null },
      after: { system_client_status: 'In Progress', client_status: 'Nerd found', writer_id: geekId },
    });
    expect(row?.actor).toMatch(/^ops-.*@geekly\.example$/);
  });

  it('shows only the operator transitions the state machine allows now', async () => {
    const { order } = await paidTask();
    const view = async () => (await call(t, { url: `/ops/orders/${order._id}`, token: admin })).body;
    expect((await view()).operator_transitions).toEqual(['accept_instructions', 'assign_geek']);
    await operate(order._id, 'accept_instructions');
    expect((await view()).operator_transitions).toEqual(['assign_geek']);
    await operate(order._id, 'assign_geek', { writer_id: geekId });
    // Deliver waits for a final draft (decision 015).
    expect((await view()).operator_transitions).toEqual(['start_work']);
  });

  it('groups the queue by what is needed and finds tasks by number, title and client e-mail', async () => {
    const { client, order } = await paidTask();
    const queue = async (q: string) => (await call(t, { url: `/ops/orders?${q}`, token: admin })).body;
    const find = (body: { results: { _id: string; group: string }[] }) =>
      body.results.find((r) => r._id === order._id);
    expect(find(await queue('group=instructions'))?.group).toBe('instructions');
    await operate(order._id, 'accept_instructions');
    expect(find(await queue('group=instructions'))).toBeUndefined();
    expect(find(await queue('group=assign'))?.group).toBe('assign');
    expect((await queue('')).counts.assign).toBeGreaterThan(0);
    const ops = (await call(t, { url: `/ops/orders/${order._id}`, token: admin })).body;
    expect(find(await queue(`q=${ops.number}`))).toBeDefined();
    expect(find(await queue(`q=${encodeURIComponent(client.email.toUpperCase())}`))).toBeDefined();
    expect(find(await queue('q=Hamlet'))).toBeDefined();
    expect(find(await queue('q=no-such-title-xyz'))).toBeUndefined();
    await operate(order._id, 'assign_geek', { writer_id: geekId });
    expect(find(await queue(''))).toBeUndefined();
    expect(find(await queue('all=true'))?.group).toBeNull();
  });

  it("finds a student's tasks by any part of their e-mail, with or without its '@'", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const students = {
      ann: `ann_lee${tag}@uni.example`,
      annx: `annxlee${tag}@uni.example`,
      jo: `jo.ann_lee${tag}@uni-b.example`,
    };
    const tasks = Object.fromEntries(
      await Promise.all(
        Object.entries(students).map(async ([name, email]) => {
          const client = await signUpClient(t, email);
          return [name, (await pricedOrder(t, client.token))._id] as const;
        }),
      ),
    );
    const found = async (q: string) => {
      const res = await call(t, { url: `/ops/orders?all=true&q=${encodeURIComponent(q)}`, token: admin });
      expect(res.status).toBe(200);
      const ids = (res.body.results as { _id: string }[]).map((r) => r._id);
      return Object.keys(tasks)
        .filter((name) => ids.includes(tasks[name] ?? ''))
        .sort();
    };
    // With the '@': the local part's end and the domain's start, '_' and '%' as themselves, any case.
    expect(await found(`ann_lee${tag}@uni.example`)).toEqual(['ann']);
    expect(await found(`ANN_LEE${tag.toUpperCase()}@UNI`)).toEqual(['ann', 'jo']);
    expect(await found(`n_lee${tag}@uni.`)).toEqual(['ann']);
    expect(await found(`lee${tag}@`)).toEqual(['ann', 'annx', 'jo']);
    expect(await found(`%lee${tag}@uni`)).toEqual([]);
    expect(await found(`lee${tag}@uni@example`)).toEqual([]);
    // Without it, or starting with it: any part of the address.
    expect(await found(`ann_lee${tag}`)).toEqual(['ann', 'jo']);
    expect(await found(`${tag}@uni-b`)).toEqual(['jo']);
    expect(await found('@uni-b.example')).toContain('jo');
  });

  it('keeps notes internal, audited, and puts everything on the timeline', async () => {
    const { client, order } = await paidTask();
    const note = await call(t, {
      url: `/ops/orders/${order._id}/notes`,
      token: support,
      body: { body: 'Secret note 42' },
    });
    expect(note.status).toBe(201);
    const notes = await call(t, { url: `/ops/orders/${order._id}/notes`, token: admin });
    expect(notes.body.results[0].body).toBe('Secret note 42');
    expect(JSON.stringify(await clientOrder(client.token, order._id))).not.toContain('Secret note 42');
    expect((await audit(order._id))[0]).toMatchObject({
      action: 'note',
      details: { body: 'Secret note 42' },
    });
    await operate(order._id, 'assign_geek', { writer_id: geekId });
    const timeline = (await call(t, { url: `/ops/orders/${order._id}/timeline`, token: admin })).body.results;
    const kinds = timeline.map((i: { kind: string }) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['created', 'money', 'note', 'status']));
    const assign = timeline.find((i: { text: string }) => i.text.startsWith('assign_geek'));
    expect(assign.who).toMatch(/^ops-/);
    const money = (await call(t, { url: `/ops/orders/${order._id}/money`, token: admin })).body;
    expect(money.refundable).toBe(order.client_paid);
    expect(money.ledger.some((l: { kind: string }) => l.kind === 'order_payment_balance')).toBe(true);
  });

  it('edits and disables a Geek with an audit row; a disabled Geek cannot be assigned', async () => {
    const [geek] = await t.db
      .insert(geeks)
      .values({ publicFullName: 'Tmp G.', major: 'History' })
      .returning({ id: geeks.id });
    const id = geek?.id ?? '';
    const res = await call(t, {
      method: 'PATCH',
      url: `/ops/geeks/${id}`,
      token: admin,
      body: { major: 'Law', is_disabled: true },
    });
    expect(res.body).toMatchObject({ major: 'Law', is_disabled: true });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(row).toMatchObject({ action: 'geek_edit', before: { major: 'History', is_disabled: false } });
    const { order } = await paidTask();
    expect((await operate(order._id, 'assign_geek', { writer_id: id })).status).toBe(422);
    expect(
      (await call(t, { method: 'PATCH', url: `/ops/geeks/${id}`, token: admin, body: { major: '' } })).status,
    ).toBe(422);
  });

  it('adds a Geek profile with an audit row', async () => {
    const res = await call(t, {
      url: '/ops/geeks',
      token: support,
      body: { public_full_name: 'New G.', major: 'Biology', public_subjects: ['Biology'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ public_full_name: 'New G.', is_disabled: false });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, res.body._id));
    expect(row).toMatchObject({ action: 'geek_create', after: { major: 'Biology' } });
    expect((await call(t, { url: '/ops/geeks', token: support, body: { major: 'x' } })).status).toBe(422);
  });

  it('audits the Geek files and messages staff send, and offers Deliver once a final draft is there', async () => {
    const { order } = await paidTask();
    await operate(order._id, 'assign_geek', { writer_id: geekId });
    await uploadGeekFile(t, admin, order._id, { plag_status: 'not_found', plag_level: 3 });
    const [files] = await audit(order._id);
    expect(files).toMatchObject({
      action: 'geek_files',
      details: {
        files: [
          { name: 'final-draft.pdf', type: 'file_final_draft', plag_status: 'not_found', plag_level: 3 },
        ],
      },
    });
    const view = (await call(t, { url: `/ops/orders/${order._id}`, token: admin })).body;
    expect(view.operator_transitions).toContain('deliver');
    const sent = await call(t, {
      url: `/ops/orders/${order._id}/messages`,
      token: admin,
      body: { message: 'Your draft is ready', sender_role: 'writer' },
    });
    expect(sent.status).toBe(201);
    expect((await audit(order._id))[0]).toMatchObject({
      action: 'message',
      details: { sender_role: 'writer', message: 'Your draft is ready' },
    });
  });
});
