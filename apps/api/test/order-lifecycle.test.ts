import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, ledgerEntries, orderTransitions } from '../src/db/schema.ts';
import { uploadGeekFile } from './helpers/files.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

let t: TestApp;
let ops: string;
let geekId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  const { geeks } = await import('../src/db/schema.ts');
  const [geek] = await t.db
    .insert(geeks)
    .values({ publicFullName: 'Test G.', major: 'English' })
    .returning({ id: geeks.id });
  geekId = geek?.id ?? '';
});
afterAll(async () => {
  // Money never appears or vanishes: every transaction's entries sum to zero, so all entries do too.
  const [sum] = await t.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries);
  expect(Number(sum?.total)).toBe(0);
  await t?.close();
});

const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: ops, body: { name, ...extra } });
// deadline_left and min_deadline follow the real clock between two reads; the rest must not change.
const get = async (token: string, id: string) => {
  const {
    deadline_left: _left,
    min_deadline: _min,
    ...order
  } = (await call(t, { url: `/orders/${id}`, token })).body;
  return order;
};
const me = async (token: string) => (await call(t, { url: '/users/client/me', token })).body;
const pay = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { url: `/orders/${id}/pay`, token, body });

describe('the operator API', () => {
  it('answers only staff: a client token is refused, and a staff token is refused on client calls', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    expect((await call(t, { url: `/ops/orders/${order._id}`, token: client.token })).status).toBe(403);
    expect((await call(t, { url: `/ops/orders/${order._id}` })).status).toBe(401);
    expect((await call(t, { url: '/orders?page=0', token: ops })).status).toBe(401);
    expect((await call(t, { url: `/ops/orders/${order._id}`, token: ops })).body.user_id).toBe(client.id);
  });

  it('logs staff in without a cookie or the CSRF header (a bearer-token API)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/ops/session',
      payload: { email: 'nobody@geekly.example', password: 'whatever' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong password and a client account at staff log-in, alike', async () => {
    const client = await signUpClient(t);
    const wrong = await call(t, {
      url: '/ops/session',
      body: { email: client.email, password: client.password },
      ip: t.nextIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Wrong e-mail or password');
  });

  it('refuses a transition the task is not in a state for, changing nothing', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const before = await get(client.token, order._id);
    const res = await operate(order._id, 'deliver');
    expect(res.status).toBe(409);
    expect(res.body.error_type).toBe('not_allowed');
    expect(await get(client.token, order._id)).toEqual(before);
    const log = await t.db.select().from(orderTransitions).where(eq(orderTransitions.orderId, order._id));
    expect(log.map((l) => l.name)).toEqual(['edit']);
  });

  it('does not take a client transition by name', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    expect((await operate(order._id, 'pay')).status).toBe(422);
  });

  it('credits a balance once per idempotency key', async () => {
    const client = await signUpClient(t);
    const body = { amount: 25, memo: 'goodwill', idempotency_key: 'credit-once-1234' };
    const url = `/ops/users/${client.id}/balance-credits`;
    const first = await call(t, { url, token: ops, body });
    const again = await call(t, { url, token: ops, body });
    expect(first.body).toEqual({ credited: true, available_balance: 25 });
    expect(again.body).toEqual({ credited: false, available_balance: 25 });
  });
});

describe("a task's whole life", () => {
  it('goes from deposit to revision, rating and a second payment, with the shown status at each step', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 3, hours: 100 }); // 3 × 26.55 = 79.65
    await creditBalance(t, ops, client.id, 100);

    const deposit = await pay(client.token, order._id, { account_balance_use: 10_000, partial: true });
    expect(deposit.status).toBe(200);
    expect(deposit.body).toMatchObject({
      status: 'paid',
      order: {
        client_paid: 23.9,
        amount_left: 55.75,
        payment_state: 'partially_paid',
        additional: ['partial_payment'],
        system_client_status: 'Paid',
        status: { label: 'Checking your instructions', wait_text: 'Usually takes up to 10 min' },
      },
    });
    expect((await me(client.token)).available_balance).toBe(76.1);

    const checked = await operate(order._id, 'accept_instructions');
    expect(checked.body.status.label).toBe('Selecting the best Geek');
    expect((await operate(order._id, 'assign_geek', { writer_id: geekId })).body).toMatchObject({
      writer_info: geekId,
      client_status: 'Nerd found',
      status: { label: 'Geek is working' },
    });
    expect((await operate(order._id, 'start_work')).body.client_status).toBe('In progress');
    // Decision 015: no delivery without a final draft.
    const early = await operate(order._id, 'deliver');
    expect(early.status).toBe(409);
    expect(early.body.error_type).toBe('final_draft_required');
    await uploadGeekFile(t, ops, order._id);
    const delivered = await operate(order._id, 'deliver');
    expect(delivered.body).toMatchObject({
      system_client_status: 'Completed',
      client_status: 'Sent',
      status: { label: 'Task is completed', wait_text: 'Pay the remaining 70%' },
      can: { download_geek_files: false, rate: true, request_revision: true },
    });
    await t.ctx.mailer.drain();
    expect(
      t.sentMail().some((m) => m.includes(client.email) && m.includes('Your Geek has sent the work.')),
    ).toBe(true);

    const rest = await pay(client.token, order._id, { account_balance_use: 10_000 });
    expect(rest.body.order).toMatchObject({
      client_paid: 79.65,
      amount_left: 0,
      payment_state: 'fully_paid',
      status: { wait_text: null },
      can: { download_geek_files: true },
    });
    expect((await pay(client.token, order._id, { account_balance_use: 10_000 })).body.error_type).toBe(
      'wrong_amount',
    );

    const tooEarly = await call(t, {
      url: `/orders/${order._id}`,
      token: client.token,
      body: {
        action: 'client_revision',
        comment: 'Please add sources',
        revision_deadline: new Date(Date.now() + 23 * HOUR).toISOString(),
      },
    });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.error_value.revision_deadline).toMatch(
      /^We can do revision only by [A-Z][a-z]+ \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/,
    );
    const revision = await call(t, {
      url: `/orders/${order._id}`,
      token: client.token,
      body: {
        action: 'client_revision',
        comment: 'Please add sources',
        revision_deadline: new Date(Date.now() + 30 * HOUR).toISOString(),
      },
    });
    expect(revision.body).toMatchObject({
      status: { label: 'Revision requested' },
      revision_comment: 'Please add sources',
      revision_prompt: { text: 'You requested revision', action: 'Show my request' },
      can: { request_refund: false, request_revision: false },
    });
    expect((await operate(order._id, 'accept_revision')).body.status.label).toBe('Revision in progress');
    expect((await operate(order._id, 'deliver_revision')).body.status.label).toBe('Revision is completed');

    const rated = await call(t, {
      url: `/orders/${order._id}`,
      token: client.token,
      body: { action: 'client_feedback', mark: 5 },
    });
    expect(rated.body).toMatchObject({ mark: 5, can: { rate: false, tip: true } });
    expect(rated.body.tags).toContain('client_accept');

    const log = await t.db.select().from(orderTransitions).where(eq(orderTransitions.orderId, order._id));
    expect(log.map((l) => `${l.actor}:${l.name}`)).toEqual([
      'client:edit',
      'client:pay',
      'operator:accept_instructions',
      'operator:assign_geek',
      'operator:start_work',
      'operator:deliver',
      'client:pay',
      'client:request_revision',
      'operator:accept_revision',
      'operator:deliver_revision',
      'client:rate',
    ]);
  });

  it('offers the Geeks of tasks under review as Preferred Geek, at $4.99', async () => {
    const client = await signUpClient(t);
    const first = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    expect((await call(t, { url: '/my-geeks', token: client.token })).body).toEqual([]);
    await creditBalance(t, ops, client.id, 30);
    await pay(client.token, first._id, { account_balance_use: 3000 });
    await operate(first._id, 'assign_geek', { writer_id: geekId });
    await operate(first._id, 'start_work');
    const geeks = (await call(t, { url: '/my-geeks', token: client.token })).body;
    expect(geeks).toMatchObject([{ _id: geekId, public_full_name: 'Test G.', major: 'English' }]);
    expect(geeks).toHaveLength(1);

    const second = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    const unknown = await call(t, {
      url: `/orders/${second._id}`,
      token: client.token,
      body: { action: 'service_add', tag: 'client_recomended_writer', writer_id: first._id },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error_value.writer_id).toBe('Please choose a Geek from the list');
    const added = await call(t, {
      url: `/orders/${second._id}`,
      token: client.token,
      body: { action: 'service_add', tag: 'client_recomended_writer', writer_id: geekId },
    });
    expect(added.body).toMatchObject({ price: 31.54, addons_total: 4.99 });
    expect(
      added.body.services.find((sv: { service: string }) => sv.service === 'client_recomended_writer'),
    ).toMatchObject({ added: true, hidden: false, writer_id: geekId });
  });

  it('refunds an accepted refund to the balance at once', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 2, hours: 100 }); // 53.10
    await creditBalance(t, ops, client.id, 60);
    await pay(client.token, order._id, { account_balance_use: 6000 });
    expect((await me(client.token)).available_balance).toBe(6.9);
    const requested = await call(t, {
      url: `/orders/${order._id}`,
      token: client.token,
      body: { action: 'client_refund', comment: 'balance - I no longer need this task' },
    });
    expect(requested.body.status.label).toBe('Refund requested');
    const accepted = await operate(order._id, 'accept_refund');
    expect(accepted.body).toMatchObject({ refunded: true, client_paid: 0, status: { label: 'Refunded' } });
    expect((await me(client.token)).available_balance).toBe(60);
  });

  it('falls back to looking for a Geek when a refund is declined', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    await creditBalance(t, ops, client.id, 30);
    await pay(client.token, order._id, { account_balance_use: 3000 });
    await call(t, {
      url: `/orders/${order._id}`,
      token: client.token,
      body: { action: 'client_refund', comment: 'balance - Other reason' },
    });
    // Staff see the student's reason and destination next to the decisions the machine offers.
    const seen = await call(t, { url: `/ops/orders/${order._id}`, token: ops });
    expect(seen.body).toMatchObject({ refund_comment: 'balance - Other reason', refund_to: 'balance' });
    expect(seen.body.operator_transitions).toEqual(['accept_refund', 'decline_refund']);
    const declined = await operate(order._id, 'decline_refund');
    expect(declined.body).toMatchObject({ system_client_status: 'Refund Declined', refunded: false });
    expect(declined.body.status.label).toMatch(/Checking your instructions|Selecting the best Geek/);
    expect((await me(client.token)).available_balance).toBe(3.45);
  });

  it('validates ratings with the spec messages', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    const res = await call(t, {
      url: `/orders/${order._id}`,
      token: client.token,
      body: { action: 'client_feedback', mark: 3 },
    });
    expect(res.status).toBe(422);
    expect(res.body.error_value.tags).toBe('Please, choose at least 1 reason');
    const notYet = await call(t, {
      url: `/orders/${order._id}`,
      token: client.token,
      body: { action: 'client_feedback', mark: 3, tags: ['content'] },
    });
    expect(notYet.status).toBe(409);
  });
});

describe('paying from the balance', () => {
  it('refuses when the balance is short, changing nothing', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 2, hours: 100 });
    await creditBalance(t, ops, client.id, 10);
    const res = await pay(client.token, order._id, { account_balance_use: 10_000 });
    expect(res.status).toBe(409);
    expect(res.body.error_type).toBe('insufficient_balance');
    expect(await get(client.token, order._id)).toMatchObject({ client_paid: 0, changeable: true });
    expect((await me(client.token)).available_balance).toBe(10);
  });

  it('charges what the server says is due, whatever balance the client offers beyond it', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 }); // 26.55
    await creditBalance(t, ops, client.id, 100);
    const res = await pay(client.token, order._id, { account_balance_use: '100.00' });
    expect(res.body.order.client_paid).toBe(26.55);
    expect((await me(client.token)).available_balance).toBe(73.45);
  });

  it('does not pay an unpriced task, and asks for a card when the balance use is below what is due', async () => {
    const client = await signUpClient(t);
    await creditBalance(t, ops, client.id, 100);
    const created = await call(t, {
      url: '/orders',
      token: client.token,
      body: { title: 'x', subject: 'English' },
    });
    expect((await pay(client.token, created.body._id, { account_balance_use: 10_000 })).body.error_type).toBe(
      'no_price',
    );
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    const short = await pay(client.token, order._id, { account_balance_use: 100 });
    // The card pays the rest: nothing moves until the gateway confirms it.
    expect(short.status).toBe(200);
    expect(short.body.status).toBe('redirect');
    expect(short.body.gateway.fields.amount).toBe('25.55');
    expect((await me(client.token)).available_balance).toBe(100);
    expect((await call(t, { url: `/orders/${order._id}`, token: client.token })).body.client_paid).toBe(0);
  });

  it('charges a task once under 20 concurrent payments', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 }); // 26.55
    await creditBalance(t, ops, client.id, 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(client.token, order._id, { account_balance_use: 10_000 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await me(client.token)).available_balance).toBe(73.45);
    expect((await get(client.token, order._id)).client_paid).toBe(26.55);
  });

  it('never overdraws the balance under concurrent payments of different tasks', async () => {
    const client = await signUpClient(t);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await pricedOrder(t, client.token, { pages: 1, hours: 100 }));
    await creditBalance(t, ops, client.id, 80); // room for three tasks at 26.55
    const results = await Promise.all(
      orders.map((o) => pay(client.token, o._id, { account_balance_use: 10_000 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect((await me(client.token)).available_balance).toBe(0.35);
  });

  it('lets only one of two concurrent payments take the last use of a limited code', async () => {
    const code = `LAST${Date.now()}`;
    await t.db.insert(coupons).values({ code, percentOff: 50, totalLimit: 1 });
    const buyers = [];
    for (let i = 0; i < 2; i++) {
      const client = await signUpClient(t);
      const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
      const applied = await call(t, {
        method: 'PATCH',
        url: `/orders/${order._id}`,
        token: client.token,
        body: { discount: code },
      });
      expect(applied.body.price).toBe(13.27); // 26.55 less half of it, the discount rounded half up
      await creditBalance(t, ops, client.id, 100);
      buyers.push({ client, order });
    }
    const results = await Promise.all(
      buyers.map(({ client, order }) => pay(client.token, order._id, { account_balance_use: 10_000 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body.error_value).toEqual({
      discount: "This code can't be applied for this order.",
      discount_error_type: 'paid_orders_max',
    });
    const balances = await Promise.all(buyers.map(({ client }) => me(client.token)));
    expect(balances.map((b) => b.available_balance).sort()).toEqual([100, 86.73]);
  });

  it('charges nothing when the price the client saw is not the price now', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 }); // 26.55
    await creditBalance(t, ops, client.id, 100);
    const stale = await pay(client.token, order._id, { account_balance_use: 10_000, expected_price: 24.25 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error_type: 'price_changed', error_value: { price: 26.55 } });
    expect((await me(client.token)).available_balance).toBe(100);
    const fresh = await pay(client.token, order._id, { account_balance_use: 10_000, expected_price: 26.55 });
    expect(fresh.status).toBe(200);
  });
});
