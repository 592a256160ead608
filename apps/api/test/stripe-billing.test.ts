import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../src/adapters/payments/stripe/stripe-gateway.ts';
import { runSubscriptionClock } from '../src/modules/subscriptions/subscription-clock.ts';
import { expectLedgerConsistent } from './helpers/sandbox-card.ts';
import { call, createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_billing_for_geekly';
const stripe = new Stripe('sk_test_geekly');
const DAY = 24 * 3_600_000;

/**
 * A stand-in for the parts of Stripe's API the adapter calls for Billing (Prices by lookup key, Checkout in
 * subscription mode, subscription update and cancel), on loopback, answered as Stripe answers them. The real
 * `stripe` client talks to it over HTTP.
 */
type Seen = { method: string; path: string; params: URLSearchParams };
const seen: Seen[] = [];
const prices = new Map<string, { id: string; object: 'price'; lookup_key: string; unit_amount: number }>();
const sessions = new Map<string, Record<string, unknown>>();
/** Subscriptions whose update or cancel Stripe answers with a server error. */
const failing = new Set<string>();
let fake: Server;
let t: TestApp;
let port = 0;

function answer(method: string, path: string, params: URLSearchParams): [number, unknown] {
  if (method === 'GET' && path === '/v1/prices') {
    const key = params.get('lookup_keys[0]') ?? '';
    const price = prices.get(key);
    return [200, { object: 'list', data: price ? [price] : [], has_more: false, url: '/v1/prices' }];
  }
  if (method === 'POST' && path === '/v1/prices') {
    const key = params.get('lookup_key') ?? '';
    const price = {
      id: `price_${prices.size + 1}`,
      object: 'price' as const,
      lookup_key: key,
      unit_amount: Number(params.get('unit_amount')),
    };
    prices.set(key, price);
    return [200, price];
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const id = `cs_test_sub_${sessions.size + 1}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: params.get('mode'),
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    return [200, session];
  }
  const session = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
  if (method === 'GET' && session?.[1] && sessions.has(session[1])) return [200, sessions.get(session[1])];
  const sub = path.match(/^\/v1\/subscriptions\/([\w]+)$/);
  if (sub?.[1]) {
    if (failing.has(sub[1])) return [500, { error: { type: 'api_error', message: 'Stripe is down' } }];
    if (method === 'POST')
      return [
        200,
        {
          id: sub[1],
          object: 'subscription',
          cancel_at_period_end: params.get('cancel_at_period_end') === 'true',
        },
      ];
    if (method === 'DELETE') return [200, { id: sub[1], object: 'subscription', status: 'canceled' }];
  }
  return [404, { error: { type: 'invalid_request_error', message: `No such route ${method} ${path}` } }];
}

function gatewayWith(client: Stripe) {
  return createStripeGateway({
    secretKey: 'sk_test_geekly',
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: 'http://localhost:3000',
    client,
  });
}
const stripeClient = () =>
  new Stripe('sk_test_geekly', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
      seen.push({ method: req.method ?? '', path: url.pathname, params });
      const [status, json] = answer(req.method ?? '', url.pathname, params);
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_geekly',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  t.ctx.gateway = gatewayWith(stripeClient());
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

function stripeWebhook(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  // Signed at the app's time: the tests move its clock a month on.
  const timestamp = Math.floor(t.ctx.now().getTime() / 1000);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/api/v3/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

let eventCount = 0;
const eventId = () => `evt_billing_${++eventCount}`;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** What Stripe sends for a subscription's invoice (API version 2025-03-31 and later: `parent.subscription_details`). */
function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  b: {
    invoice: string;
    stripeSub: string;
    metadata: Record<string, string>;
    cents: number;
    end: Date;
    reason?: string;
  },
) {
  return {
    id: eventId(),
    object: 'event',
    type,
    data: {
      object: {
        id: b.invoice,
        object: 'invoice',
        billing_reason: b.reason ?? 'subscription_cycle',
        amount_paid: type === 'invoice.paid' ? b.cents : 0,
        amount_due: b.cents,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: b.stripeSub, metadata: b.metadata },
        },
        lines: {
          object: 'list',
          data: [{ id: `il_${b.invoice}`, period: { start: unix(b.end) - 30 * 86_400, end: unix(b.end) } }],
        },
      },
    },
  };
}

const current = async (token: string) => (await call(t, { url: '/subscriptions', token })).body.current;
const subscriptionCharges = async (userId: string) =>
  (
    (await t.db.execute(
      sql`select count(*)::int as n, coalesce(sum(e.amount_cents), 0)::int as cents from ledger_transactions lt
          join ledger_entries e on e.transaction_id = lt.id and e.account_type = 'revenue'
          where lt.kind = 'subscription_charge' and lt.user_id = ${userId}`,
    )) as unknown as { rows: { n: number; cents: number }[] }
  ).rows[0];

/** Buys a plan through Stripe Checkout; answers the metadata Stripe would copy to the subscription. */
async function buy(token: string, tag: 'premium' | 'premium plus') {
  const res = await call(t, { url: '/subscriptions', token, body: { tag } });
  expect(res.status).toBe(200);
  const created = seen.filter((s) => s.path === '/v1/checkout/sessions').at(-1);
  const p = created?.params ?? new URLSearchParams();
  return {
    paymentId: res.body.payment_id as string,
    params: p,
    metadata: {
      payment_id: p.get('subscription_data[metadata][payment_id]') ?? '',
      subscription_id: p.get('subscription_data[metadata][subscription_id]') ?? '',
      client_id: p.get('subscription_data[metadata][client_id]') ?? '',
    },
    gateway: res.body.gateway,
  };
}

describe('Stripe Billing subscriptions', () => {
  it('buys a plan through Checkout in subscription mode with a Price found or created by its lookup key', async () => {
    const c = await signUpClient(t);
    const bought = await buy(c.token, 'premium plus');
    expect(bought.gateway.url).toBe(`http://localhost:3000/api/v3/payments/${bought.paymentId}/checkout`);
    expect(bought.params.get('mode')).toBe('subscription');
    expect(bought.params.get('line_items[0][price]')).toBe('price_1');
    expect(bought.params.get('line_items[0][quantity]')).toBe('1');
    expect(bought.metadata.payment_id).toBe(bought.paymentId);
    expect(bought.metadata.client_id).toBe(c.id);
    const created = seen.filter((s) => s.method === 'POST' && s.path === '/v1/prices');
    expect(created).toHaveLength(1);
    expect(created[0]?.params.get('unit_amount')).toBe('1999');
    expect(created[0]?.params.get('recurring[interval]')).toBe('month');
    expect(created[0]?.params.get('lookup_key')).toBe('geekly_premium_plus_1999_usd_month');
    // The browser is sent on to the hosted page.
    const go = await call(t, { url: `/payments/${bought.paymentId}/checkout`, token: c.token, body: {} });
    expect(go.status).toBe(303);
    expect(go.headers.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_sub_/);
    // Another process (a fresh adapter) finds the same Price by its lookup key instead of creating one.
    t.ctx.gateway = gatewayWith(stripeClient());
    const again = await buy((await signUpClient(t)).token, 'premium plus');
    expect(again.params.get('line_items[0][price]')).toBe('price_1');
    expect(seen.filter((s) => s.method === 'POST' && s.path === '/v1/prices')).toHaveLength(1);
    expect(seen.filter((s) => s.method === 'GET' && s.path === '/v1/prices').length).toBeGreaterThanOrEqual(
      2,
    );
    // Nothing is active before Stripe says the invoice is paid.
    expect(await current(c.token)).toBeNull();
  });

  it('activates on invoice.paid, charges each invoice once to the ledger, and extends the period on renewal', async () => {
    const c = await signUpClient(t);
    const order = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const before = new Date(order.min_deadline as string).getTime();
    const { metadata } = await buy(c.token, 'premium plus');
    const firstEnd = new Date(t.ctx.now().getTime() + 30 * DAY);
    const first = invoiceEvent('invoice.paid', {
      invoice: 'in_first_1',
      stripeSub: 'sub_billing_1',
      metadata,
      cents: 1999,
      end: firstEnd,
      reason: 'subscription_create',
    });
    expect((await stripeWebhook(first)).statusCode).toBe(200);
    const sub = await current(c.token);
    expect(sub).toMatchObject({ status: 'active', label: 'Active', tag: 'premium plus' });
    expect(sub.current_period_end).toBe(new Date(unix(firstEnd) * 1000).toISOString());
    expect(await subscriptionCharges(c.id)).toEqual({ n: 1, cents: 1999 });
    // The same event again, another event of the same invoice, and the session's own completion: nothing more.
    await stripeWebhook(first);
    await Promise.all([1, 2, 3].map(() => stripeWebhook({ ...first, id: eventId() })));
    await stripeWebhook({
      id: eventId(),
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_sub_x',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          amount_total: 1999,
          metadata,
        },
      },
    });
    expect(await subscriptionCharges(c.id)).toEqual({ n: 1, cents: 1999 });
    expect((await call(t, { url: '/users/client/me', token: c.token })).body.available_balance).toBe(0);
    // Premium plus is on: the earliest deadline is an hour earlier.
    const o = await call(t, { url: `/orders/${order._id}`, token: c.token });
    expect(before - new Date(o.body.min_deadline).getTime()).toBeGreaterThan(3_590_000);

    // Stripe renews it on its own; the clock charges nothing for a Stripe subscription.
    t.clock.offsetMs += 31 * DAY;
    await runSubscriptionClock(t.ctx);
    expect(await subscriptionCharges(c.id)).toEqual({ n: 1, cents: 1999 });
    const secondEnd = new Date(firstEnd.getTime() + 31 * DAY);
    const renewal = invoiceEvent('invoice.paid', {
      invoice: 'in_renewal_1',
      stripeSub: 'sub_billing_1',
      metadata,
      cents: 1999,
      end: secondEnd,
    });
    await Promise.all([stripeWebhook(renewal), stripeWebhook({ ...renewal, id: eventId() })]);
    expect(await subscriptionCharges(c.id)).toEqual({ n: 2, cents: 3998 });
    expect((await current(c.token)).current_period_end).toBe(new Date(unix(secondEnd) * 1000).toISOString());
    t.clock.offsetMs -= 31 * DAY;
    // An invoice of another Stripe subscription carrying our id is not ours.
    await stripeWebhook(
      invoiceEvent('invoice.paid', {
        invoice: 'in_forged',
        stripeSub: 'sub_other',
        metadata,
        cents: 1999,
        end: secondEnd,
      }),
    );
    expect(await subscriptionCharges(c.id)).toEqual({ n: 2, cents: 3998 });
    await expectLedgerConsistent(t, [c]);
  });

  it("shows 'Payment failed' on invoice.payment_failed, recovers on the retry's invoice.paid, and ends on customer.subscription.deleted", async () => {
    const c = await signUpClient(t);
    const { metadata } = await buy(c.token, 'premium');
    const end = new Date(t.ctx.now().getTime() + 30 * DAY);
    const base = { stripeSub: 'sub_billing_2', metadata, cents: 999 };
    await stripeWebhook(
      invoiceEvent('invoice.paid', { ...base, invoice: 'in_2a', end, reason: 'subscription_create' }),
    );
    const next = new Date(end.getTime() + 30 * DAY);
    await stripeWebhook(invoiceEvent('invoice.payment_failed', { ...base, invoice: 'in_2b', end: next }));
    expect(await current(c.token)).toMatchObject({ status: 'past_due', label: 'Payment failed' });
    expect(await subscriptionCharges(c.id)).toEqual({ n: 1, cents: 999 });
    await stripeWebhook(invoiceEvent('invoice.paid', { ...base, invoice: 'in_2b', end: next }));
    expect(await current(c.token)).toMatchObject({ status: 'active', label: 'Active' });
    expect(await subscriptionCharges(c.id)).toEqual({ n: 2, cents: 1998 });
    await stripeWebhook(invoiceEvent('invoice.payment_failed', { ...base, invoice: 'in_2c', end: next }));
    const deleted = {
      id: eventId(),
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_billing_2', object: 'subscription', status: 'canceled', metadata } },
    };
    expect((await stripeWebhook(deleted)).statusCode).toBe(200);
    expect(await current(c.token)).toBeNull();
    const [row] = (
      (await t.db.execute(
        sql`select status, ended_at from subscriptions where id = ${metadata.subscription_id}`,
      )) as unknown as { rows: { status: string; ended_at: Date | null }[] }
    ).rows;
    expect(row?.status).toBe('canceled');
    expect(row?.ended_at).not.toBeNull();
    // A late paid invoice of an ended subscription keeps the money on the balance.
    await stripeWebhook(invoiceEvent('invoice.paid', { ...base, invoice: 'in_2d', end: next }));
    expect(await subscriptionCharges(c.id)).toEqual({ n: 2, cents: 1998 });
    expect((await call(t, { url: '/users/client/me', token: c.token })).body.available_balance).toBe(9.99);
    await expectLedgerConsistent(t, [c]);
  });

  it('cancels at the period end through the API (cancel_at_period_end), a past-due one at once, and changes nothing when Stripe fails', async () => {
    const c = await signUpClient(t);
    const { metadata } = await buy(c.token, 'premium plus');
    const end = new Date(t.ctx.now().getTime() + 30 * DAY);
    await stripeWebhook(
      invoiceEvent('invoice.paid', {
        invoice: 'in_3a',
        stripeSub: 'sub_billing_3',
        metadata,
        cents: 1999,
        end,
        reason: 'subscription_create',
      }),
    );
    const sub = await current(c.token);
    failing.add('sub_billing_3');
    const down = await call(t, { url: `/subscriptions/${sub._id}/cancel`, token: c.token, body: {} });
    expect(down.status).toBe(503);
    expect(await current(c.token)).toMatchObject({ label: 'Active', cancel_at_period_end: false });
    failing.delete('sub_billing_3');
    const other = await signUpClient(t);
    expect(
      (await call(t, { url: `/subscriptions/${sub._id}/cancel`, token: other.token, body: {} })).status,
    ).toBe(404);
    const res = await call(t, { url: `/subscriptions/${sub._id}/cancel`, token: c.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cancel_at_period_end: true,
      label: 'Pending cancelation',
      status: 'active',
    });
    const update = seen.filter((s) => s.method === 'POST' && s.path === '/v1/subscriptions/sub_billing_3');
    // The one Stripe refused, and this one.
    expect(update).toHaveLength(2);
    expect(update[1]?.params.get('cancel_at_period_end')).toBe('true');

    // A past-due subscription has no paid period to keep: Stripe cancels it now.
    const d = await signUpClient(t);
    const bought = await buy(d.token, 'premium');
    const base = { stripeSub: 'sub_billing_4', metadata: bought.metadata, cents: 999 };
    await stripeWebhook(
      invoiceEvent('invoice.paid', { ...base, invoice: 'in_4a', end, reason: 'subscription_create' }),
    );
    await stripeWebhook(invoiceEvent('invoice.payment_failed', { ...base, invoice: 'in_4b', end }));
    const pastDue = await current(d.token);
    const ended = await call(t, { url: `/subscriptions/${pastDue._id}/cancel`, token: d.token, body: {} });
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('canceled');
    expect(seen.some((s) => s.method === 'DELETE' && s.path === '/v1/subscriptions/sub_billing_4')).toBe(
      true,
    );
    await expectLedgerConsistent(t, [c, d]);
  });
});
