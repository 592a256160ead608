import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSubscriptionClock } from '../src/modules/subscriptions/subscription-clock.ts';
import { CARDS, expectLedgerConsistent, payWithCard } from './helpers/sandbox-card.ts';
import { call, createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3_600_000;
const LATER_DECLINED = '4000 0000 0000 0341';

const current = async (token: string) => (await call(t, { url: '/subscriptions', token })).body.current;
const subscriptionCharges = async (userId: string) =>
  (
    (await t.db.execute(
      sql`select count(*)::int as n, coalesce(sum(e.amount_cents), 0)::int as cents from ledger_transactions lt
          join ledger_entries e on e.transaction_id = lt.id and e.account_type = 'revenue'
          where lt.kind = 'subscription_charge' and lt.user_id = ${userId}`,
    )) as unknown as { rows: { n: number; cents: number }[] }
  ).rows[0];

/** Buys a plan with a card on the sandbox page; answers the return address. */
async function buy(token: string, tag: 'premium' | 'premium plus', card: string = CARDS.success) {
  const res = await call(t, { url: '/subscriptions', token, body: { tag } });
  expect(res.status).toBe(200);
  return payWithCard(t, res.body.gateway, card);
}

/** Moves the app's clock to `days` after the test's start and runs the subscription job once. */
async function tick(start: number, days: number) {
  t.clock.offsetMs = start + days * DAY;
  await runSubscriptionClock(t.ctx);
}

describe('subscriptions', () => {
  it('lists the two plans with prices and no subscription at first', async () => {
    const { token } = await signUpClient(t);
    const res = await call(t, { url: '/subscriptions', token });
    expect(res.status).toBe(200);
    expect(res.body.plans.map((p: { tag: string; price: number }) => [p.tag, p.price])).toEqual([
      ['premium', 9.99],
      ['premium plus', 19.99],
    ]);
    expect(res.body.current).toBeNull();
    expect((await call(t, { url: '/subscriptions', body: { tag: 'gold' }, token })).status).toBe(422);
    expect((await call(t, { url: '/subscriptions' })).status).toBe(401);
  });

  it('is active once the card pays, charges the month to the ledger, and premium plus moves the earliest deadline', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    const before = new Date(order.min_deadline as string).getTime();
    const back = await buy(client.token, 'premium plus');
    expect(back.location).toMatch(/^http:\/\/localhost:3000\/subscription\?payment_id=/);
    const sub = await current(client.token);
    expect(sub).toMatchObject({
      status: 'active',
      tag: 'premium plus',
      label: 'Active',
      cancel_at_period_end: false,
    });
    expect(await subscriptionCharges(client.id)).toEqual({ n: 1, cents: 1999 });
    const me = await call(t, { url: '/users/client/me', token: client.token });
    expect(me.body.available_balance).toBe(0);
    const after = await call(t, { url: `/orders/${order._id}`, token: client.token });
    // An hour earlier, less the few milliseconds between the two reads.
    const earlier = before - new Date(after.body.min_deadline).getTime();
    expect(earlier).toBeGreaterThan(3_590_000);
    expect(earlier).toBeLessThanOrEqual(3_600_000);
    // One at a time.
    expect(
      (await call(t, { url: '/subscriptions', token: client.token, body: { tag: 'premium' } })).status,
    ).toBe(409);
    await expectLedgerConsistent(t, [client]);
  });

  it('renews on the clock at the period end, and cancelling ends it there', async () => {
    const start = t.clock.offsetMs;
    const client = await signUpClient(t);
    await buy(client.token, 'premium');
    const first = await current(client.token);
    const firstEnd = new Date(first.current_period_end).getTime();
    // Not due yet: nothing happens.
    await tick(start, 20);
    expect(await subscriptionCharges(client.id)).toEqual({ n: 1, cents: 999 });
    await tick(start, 32);
    const renewed = await current(client.token);
    expect(renewed).toMatchObject({ status: 'active', label: 'Active' });
    expect(new Date(renewed.current_period_end).getTime()).toBeGreaterThan(firstEnd + 27 * DAY);
    expect(await subscriptionCharges(client.id)).toEqual({ n: 2, cents: 1998 });
    // A second run at the same time charges nothing more.
    await tick(start, 32);
    expect(await subscriptionCharges(client.id)).toEqual({ n: 2, cents: 1998 });

    const cancelled = await call(t, {
      url: `/subscriptions/${renewed._id}/cancel`,
      token: client.token,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ cancel_at_period_end: true, label: 'Pending cancelation' });
    await tick(start, 75);
    expect(await current(client.token)).toBeNull();
    expect(await subscriptionCharges(client.id)).toEqual({ n: 2, cents: 1998 });
    await expectLedgerConsistent(t, [client]);
    t.clock.offsetMs = start;
  });

  it("shows 'Payment failed' when a renewal is declined, retries daily and ends after the last attempt", async () => {
    const start = t.clock.offsetMs;
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    await buy(client.token, 'premium plus', LATER_DECLINED);
    expect(await current(client.token)).toMatchObject({ status: 'active' });
    await tick(start, 32);
    expect(await current(client.token)).toMatchObject({ status: 'past_due', label: 'Payment failed' });
    expect(await subscriptionCharges(client.id)).toEqual({ n: 1, cents: 1999 });
    // A past-due premium plus no longer lowers the minimum deadline.
    const o = await call(t, { url: `/orders/${order._id}`, token: client.token });
    expect(new Date(o.body.min_deadline).getTime() - t.ctx.now().getTime()).toBeGreaterThan(2.9 * 3_600_000);
    await tick(start, 32.5); // retried only after a day
    const payments = async () =>
      (
        (await t.db.execute(
          sql`select status from payments where user_id = ${client.id} and purpose = 'subscription' order by created_at`,
        )) as unknown as { rows: { status: string }[] }
      ).rows.map((r) => r.status);
    expect(await payments()).toEqual(['succeeded', 'failed']);
    await tick(start, 33.1);
    await tick(start, 34.2);
    expect(await payments()).toEqual(['succeeded', 'failed', 'failed', 'failed']);
    expect(await current(client.token)).toBeNull();
    await expectLedgerConsistent(t, [client]);
    t.clock.offsetMs = start;
  });

  it("leaves a declined first payment as 'Payment failed', and the plan can be bought again", async () => {
    const client = await signUpClient(t);
    const back = await buy(client.token, 'premium', CARDS.declined);
    expect(back.location).toMatch(/payment-error.*reason=card_declined/);
    expect(await current(client.token)).toMatchObject({ status: 'incomplete', label: 'Payment failed' });
    await buy(client.token, 'premium');
    expect(await current(client.token)).toMatchObject({ status: 'active', tag: 'premium' });
    await expectLedgerConsistent(t, [client]);
  });

  it('documents the subscription, referral and phone-verification calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v3/openapi.json' })).json();
    for (const path of [
      '/api/v3/subscriptions',
      '/api/v3/subscriptions/{id}/cancel',
      '/api/v3/referral',
      '/api/v3/users/client/me/phone-verification',
      '/api/v3/users/client/me/phone-verification/check',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
    expect(
      doc.paths['/api/v3/subscriptions'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('tag');
  });

  it("cancels only the caller's own subscription", async () => {
    const owner = await signUpClient(t);
    const other = await signUpClient(t);
    await buy(owner.token, 'premium');
    const sub = await current(owner.token);
    const res = await call(t, { url: `/subscriptions/${sub._id}/cancel`, token: other.token, body: {} });
    expect(res.status).toBe(404);
    expect((await current(owner.token)).cancel_at_period_end).toBe(false);
    expect((await call(t, { url: '/subscriptions/nope/cancel', token: owner.token, body: {} })).status).toBe(
      404,
    );
  });
});

describe('one subscription at a time (issue 23 item 8, decision 029)', () => {
  const live = async (userId: string) =>
    (
      (await t.db.execute(
        sql`select status from subscriptions where user_id = ${userId}
            and status in ('pending', 'incomplete', 'active', 'past_due')`,
      )) as unknown as { rows: { status: string }[] }
    ).rows.map((r) => r.status);

  it('keeps one live subscription when several POST /subscriptions arrive at once; only one can be paid into a plan', async () => {
    const client = await signUpClient(t);
    const started = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t, { url: '/subscriptions', token: client.token, body: { tag: 'premium' } }),
      ),
    );
    for (const res of started) expect(res.status).toBe(200);
    expect(await live(client.id)).toEqual(['pending']);
    // Every checkout is paid: one subscription becomes active, the other payments stay on the balance.
    for (const res of started) await payWithCard(t, res.body.gateway);
    expect(await live(client.id)).toEqual(['active']);
    expect(await subscriptionCharges(client.id)).toEqual({ n: 1, cents: 999 });
    const me = await call(t, { url: '/users/client/me', token: client.token });
    expect(me.body.available_balance).toBe(4 * 9.99);
    // While it is active, a new one is refused, also at once.
    const again = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(t, { url: '/subscriptions', token: client.token, body: { tag: 'premium plus' } }),
      ),
    );
    expect(again.map((r) => r.status)).toEqual([409, 409, 409]);
    await expectLedgerConsistent(t, [client]);
  }, 60_000);

  it('sets an unpaid checkout aside when the client starts another one', async () => {
    const client = await signUpClient(t);
    const first = await call(t, { url: '/subscriptions', token: client.token, body: { tag: 'premium' } });
    const second = await call(t, {
      url: '/subscriptions',
      token: client.token,
      body: { tag: 'premium plus' },
    });
    expect(await live(client.id)).toEqual(['pending']);
    await payWithCard(t, first.body.gateway);
    expect(await current(client.token)).toBeNull();
    await payWithCard(t, second.body.gateway);
    expect(await current(client.token)).toMatchObject({ status: 'active', tag: 'premium plus' });
    expect(await subscriptionCharges(client.id)).toEqual({ n: 1, cents: 1999 });
    await expectLedgerConsistent(t, [client]);
  });
});
