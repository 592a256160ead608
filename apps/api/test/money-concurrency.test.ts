import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/adapters/payments/sandbox/sandbox-signing.ts';
import { expectLedgerConsistent } from './helpers/sandbox-card.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// docs/decisions/005-test-databases.md: these races only show on a PostgreSQL server (CI sets TEST_DATABASE_URL); PGlite runs them
// one at a time, where they must hold as well.
let t: TestApp;
let ops: string;
const clients: { token: string; id: string }[] = [];

beforeAll(async () => {
  // One student makes 100 tasks below, far past decision 052's new tasks per hour.
  t = await createTestApp({ NEW_TASKS_PER_HOUR: '1000' });
  ops = await staffToken(t);
});
afterEach(async () => expectLedgerConsistent(t, clients));
afterAll(async () => t?.close());

async function client() {
  const c = await signUpClient(t);
  clients.push(c);
  return c;
}
const balance = async (token: string) =>
  (await call(t, { url: '/users/client/me', token })).body.available_balance;

/** A webhook as the sandbox gateway sends it, signed with its key (or another), at a chosen time. */
function sandboxWebhook(
  body: Record<string, unknown>,
  opts: { secret?: string; at?: number; tamper?: (s: string) => string } = {},
) {
  const text = JSON.stringify(body);
  const signature = signWebhook(
    opts.secret ?? t.sandboxSecret,
    text,
    opts.at ?? Math.floor(Date.now() / 1000),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v3/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', 'geekly-signature': signature },
    payload: opts.tamper ? opts.tamper(text) : text,
  });
}

async function pendingTopUp(token: string, dollars: number) {
  const res = await call(t, { url: '/balance/top-up', token, body: { amount: dollars } });
  return res.body.payment_id as string;
}
const succeeded = (paymentId: string, cents: number, id = `evt_${randomBytes(8).toString('hex')}`) => ({
  id,
  type: 'payment.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { payment_id: paymentId, amount_cents: cents, session_id: randomBytes(8).toString('hex') },
});

describe('paying from the balance under concurrency', () => {
  it('charges a task once when 50 payments for it arrive at once, and never overdraws', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 100);
    const order = await pricedOrder(t, c.token, { pages: 1, hours: 100 }); // $26.55
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t, { url: `/orders/${order._id}/pay`, token: c.token, body: { account_balance_use: 10_000 } }),
      ),
    );
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await balance(c.token)).toBe(73.45);
    const o = await call(t, { url: `/orders/${order._id}`, token: c.token });
    expect(o.body.client_paid).toBe(26.55);
  }, 120_000);

  it('a balance worth k payments pays exactly k of 100 concurrent ones', async () => {
    const c = await client();
    const k = 13;
    const orders = [];
    for (let i = 0; i < 100; i++) orders.push(await pricedOrder(t, c.token, { pages: 1, hours: 100 }));
    await creditBalance(t, ops, c.id, (k * 2655) / 100);
    const results = await Promise.all(
      orders.map((o) =>
        call(t, { url: `/orders/${o._id}/pay`, token: c.token, body: { account_balance_use: 2655 } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(k);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(100 - k);
    for (const r of refused) expect(r.body.error_type).toBe('insufficient_balance');
    expect(await balance(c.token)).toBe(0);
  }, 180_000);
});

describe('the webhook', () => {
  it('credits once when the same event is delivered 10 times in a row', async () => {
    const c = await client();
    const paymentId = await pendingTopUp(c.token, 40);
    const event = succeeded(paymentId, 4000);
    for (let i = 0; i < 10; i++) expect((await sandboxWebhook(event)).statusCode).toBe(200);
    expect(await balance(c.token)).toBe(40);
  });

  it('credits once when the same event is delivered 10 times at once', async () => {
    const c = await client();
    const paymentId = await pendingTopUp(c.token, 40);
    const event = succeeded(paymentId, 4000);
    const results = await Promise.all(Array.from({ length: 10 }, () => sandboxWebhook(event)));
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await balance(c.token)).toBe(40);
  });

  it('credits once when different events for one payment arrive at once', async () => {
    const c = await client();
    const paymentId = await pendingTopUp(c.token, 40);
    await Promise.all(Array.from({ length: 10 }, () => sandboxWebhook(succeeded(paymentId, 4000))));
    expect(await balance(c.token)).toBe(40);
    // A failure reported after the success changes nothing either.
    await sandboxWebhook({ ...succeeded(paymentId, 4000), type: 'payment.failed' });
    expect((await call(t, { url: `/payments/${paymentId}`, token: c.token })).body.status).toBe('succeeded');
  });

  it('refuses forged, tampered, stale and unsigned events, and they change nothing', async () => {
    const c = await client();
    const paymentId = await pendingTopUp(c.token, 40);
    const event = succeeded(paymentId, 4000);
    const forged = await sandboxWebhook(event, { secret: randomBytes(32).toString('hex') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error_type).toBe('bad_signature');
    const tampered = await sandboxWebhook(event, { tamper: (s) => s.replace('4000', '400000') });
    expect(tampered.statusCode).toBe(400);
    const stale = await sandboxWebhook(event, { at: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v3/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const otherGateway = await t.app.inject({
      method: 'POST',
      url: '/api/v3/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(otherGateway.statusCode).toBe(404);
    expect(await balance(c.token)).toBe(0);
    expect((await call(t, { url: `/payments/${paymentId}`, token: c.token })).body.status).toBe('pending');
    // The genuine event still works afterwards: the refusals recorded nothing.
    expect((await sandboxWebhook(event)).statusCode).toBe(200);
    expect(await balance(c.token)).toBe(40);
  });

  it('pays a task from 10 concurrent deliveries of its card payment exactly once', async () => {
    const c = await client();
    const order = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const res = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: c.token,
      body: { account_balance_use: 0 },
    });
    const paymentId = res.body.payment_id as string;
    await Promise.all(Array.from({ length: 10 }, () => sandboxWebhook(succeeded(paymentId, 2655))));
    const o = await call(t, { url: `/orders/${order._id}`, token: c.token });
    expect(o.body.client_paid).toBe(26.55);
    expect(await balance(c.token)).toBe(0);
  });
});
