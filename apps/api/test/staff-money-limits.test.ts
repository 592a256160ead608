import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries } from '../src/db/schema.ts';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Issue 23 item 6 (decision 029): every staff action that moves money is held to SUPPORT_REFUND_LIMIT at once
// and SUPPORT_DAILY_LIMIT a day for a support account, checked in the transaction of the change; a refusal
// leaves an audit row. Here: $30 at once, $50 a day.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    SUPPORT_REFUND_LIMIT: '30',
    SUPPORT_DAILY_LIMIT: '50',
    SIGNUP_LIMIT_PER_HOUR: '100000',
  });
  admin = await staffToken(t);
});
afterAll(async () => {
  const [sum] = await t.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries);
  expect(Number(sum?.total)).toBe(0);
  await t?.close();
});

async function supportAccount() {
  const email = `support-${randomBytes(3).toString('hex')}@geekly.example`;
  await upsertStaffAccount(t.db, email, 'support password 1', 'support');
  return logInSupport(email);
}

/** A new staff session for an existing support account (staff tokens live hours, decision 027). */
async function logInSupport(email: string) {
  const res = await call(t, {
    url: '/ops/session',
    body: { email, password: 'support password 1' },
    ip: t.nextIp(),
  });
  const token = res.body.jwt as string;
  const me = await call(t, { url: '/ops/me', token });
  return { token, id: me.body._id as string, email };
}

const credit = (token: string, userId: string, amount: number, key = randomBytes(8).toString('hex')) =>
  call(t, {
    url: `/ops/users/${userId}/balance-credits`,
    token,
    body: { amount, memo: 'goodwill', idempotency_key: key },
  });
const balanceOf = async (token: string) =>
  (await call(t, { url: '/users/client/me', token })).body.available_balance as number;
const refusals = async (staffId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, staffId), eq(auditLog.action, 'money_refused')));

/** A client's task paid in full from the balance (an admin credits the money). */
async function paidTask(pages = 1) {
  const client = await signUpClient(t);
  await creditBalance(t, admin, client.id, 500);
  const order = await pricedOrder(t, client.token, { pages });
  const paid = await call(t, {
    url: `/orders/${order._id}/pay`,
    token: client.token,
    body: { account_balance_use: 100_000 },
  });
  expect(paid.status).toBe(200);
  return { client, order };
}

describe('balance credits by support', () => {
  it('refuses a credit over the at-once limit, audits the refusal, and lets an admin give it', async () => {
    const support = await supportAccount();
    const client = await signUpClient(t);
    const over = await credit(support.token, client.id, 9_999_999.99);
    expect(over.status).toBe(403);
    expect(over.body.error_type).toBe('refund_over_limit');
    expect(await balanceOf(client.token)).toBe(0);
    expect(await refusals(support.id)).toMatchObject([
      { subjectId: client.id, details: { action: 'balance_credit', amount: 9_999_999.99 } },
    ]);
    expect((await credit(support.token, client.id, 30.01)).status).toBe(403);
    expect((await credit(support.token, client.id, 30)).status).toBe(200);
    expect((await credit(admin, client.id, 1000)).status).toBe(200);
    expect(await balanceOf(client.token)).toBe(1030);
  });

  it('holds a support account to its daily total, across credits and refunds; the window moves on', async () => {
    const support = await supportAccount();
    const client = await signUpClient(t);
    expect((await credit(support.token, client.id, 30)).status).toBe(200);
    const { order } = await paidTask();
    const refund = (amount: number) =>
      call(t, {
        url: `/ops/orders/${order._id}/refunds`,
        token: support.token,
        body: { amount, to: 'balance', memo: 'late' },
      });
    expect((await refund(15)).status).toBe(201);
    const over = await refund(5.01);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ error_type: 'daily_limit_reached', error_value: { left: 5 } });
    const overCredit = await credit(support.token, client.id, 5.01);
    expect(overCredit.body.error_type).toBe('daily_limit_reached');
    expect((await credit(support.token, client.id, 5)).status).toBe(200);
    expect((await credit(support.token, client.id, 0.01)).status).toBe(403);
    expect((await refusals(support.id)).map((r) => r.details.action)).toEqual([
      'refund',
      'balance_credit',
      'balance_credit',
    ]);
    // A replayed credit (same idempotency key) is no new money and is never refused.
    const key = randomBytes(8).toString('hex');
    expect((await credit(admin, client.id, 1, key)).status).toBe(200);
    expect(await balanceOf(client.token)).toBe(36);
    // Another support account has its own total; an admin has none.
    const other = await supportAccount();
    expect((await credit(other.token, client.id, 30)).status).toBe(200);
    expect((await credit(admin, client.id, 100)).status).toBe(200);
    // 24 hours later (in a new session: a staff token lives hours) the first account may give again.
    const start = t.clock.offsetMs;
    t.clock.offsetMs = start + 24 * 3_600_000 + 60_000;
    try {
      const later = await logInSupport(support.email);
      expect((await credit(later.token, client.id, 30)).status).toBe(200);
    } finally {
      t.clock.offsetMs = start;
    }
  });

  it('lets two concurrent credits of one support account never pass the daily total together', async () => {
    const support = await supportAccount();
    const client = await signUpClient(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => credit(support.token, client.id, 20)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(403);
      expect(r.body.error_type).toBe('daily_limit_reached');
    }
    expect(await balanceOf(client.token)).toBe(40);
    expect(await refusals(support.id)).toHaveLength(4);
  }, 60_000);
});

describe('accepted refund requests by support', () => {
  const requestRefund = (token: string, id: string) =>
    call(t, {
      url: `/orders/${id}`,
      token,
      body: { action: 'client_refund', comment: 'balance - I do not need it', refund_to: 'balance' },
    });
  const accept = (token: string, id: string) =>
    call(t, { url: `/ops/orders/${id}/transitions`, token, body: { name: 'accept_refund' } });

  it('refuses support an accepted refund over the limit (audited, nothing changes); an admin accepts it', async () => {
    const support = await supportAccount();
    const { client, order } = await paidTask(5);
    expect(order.price).toBeGreaterThan(30);
    expect((await requestRefund(client.token, order._id)).status).toBe(200);
    const before = await balanceOf(client.token);
    const refused = await accept(support.token, order._id);
    expect(refused.status).toBe(403);
    expect(refused.body.error_type).toBe('refund_over_limit');
    const seen = await call(t, { url: `/orders/${order._id}`, token: client.token });
    expect(seen.body.system_client_status).toBe('Refund Requested');
    expect(await balanceOf(client.token)).toBe(before);
    expect(await refusals(support.id)).toMatchObject([
      { orderId: order._id, details: { action: 'accept_refund', amount: order.price } },
    ]);
    expect((await accept(admin, order._id)).status).toBe(200);
    expect(await balanceOf(client.token)).toBeCloseTo(before + order.price, 2);
  });

  it('lets support accept a refund within the limit, and counts it in the daily total', async () => {
    const support = await supportAccount();
    const { client, order } = await paidTask(1); // $26.55
    expect(order.price).toBeLessThanOrEqual(30);
    await requestRefund(client.token, order._id);
    expect((await accept(support.token, order._id)).status).toBe(200);
    const other = await signUpClient(t);
    const left = Math.round((50 - order.price) * 100) / 100;
    const over = await credit(support.token, other.id, left + 0.01);
    expect(over.body).toMatchObject({ error_type: 'daily_limit_reached', error_value: { left } });
    expect((await credit(support.token, other.id, left)).status).toBe(200);
  });
});
