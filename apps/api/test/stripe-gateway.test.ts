import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../src/adapters/payments/stripe/stripe-gateway.ts';
import { expectLedgerConsistent } from './helpers/sandbox-card.ts';
import { call, createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_geekly';
const stripe = new Stripe('sk_test_geekly');

// A stand-in for Stripe's API on loopback, so the adapter's real HTTP calls can be checked without the internet.
let fake: Server;
const requests: { path: string; body: string; idempotencyKey: string | undefined }[] = [];
let t: TestApp;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body, idempotencyKey: req.headers['idempotency-key'] as string });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/v1/checkout/sessions/cs_test_1'))
        return res.end(
          JSON.stringify({
            id: 'cs_test_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_1',
          }),
        );
      if (req.url === '/v1/checkout/sessions')
        return res.end(
          JSON.stringify({
            id: 'cs_test_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_1',
          }),
        );
      if (req.url === '/v1/refunds') return res.end(JSON.stringify({ id: 're_test_1', object: 'refund' }));
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_geekly',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  t.ctx.gateway = createStripeGateway({
    secretKey: 'sk_test_geekly',
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: 'http://localhost:3000',
    client: new Stripe('sk_test_geekly', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

function stripeWebhook(event: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    timestamp: opts.timestamp,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v3/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

const completed = (paymentId: string, cents: number, id: string) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: cents,
      payment_intent: 'pi_test_1',
      metadata: { payment_id: paymentId },
    },
  },
});

describe('the Stripe adapter', () => {
  it('creates a Checkout Session for a top-up and sends the browser on to it', async () => {
    const c = await signUpClient(t);
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 25 } });
    expect(res.status).toBe(200);
    expect(res.body.gateway.url).toBe(
      `http://localhost:3000/api/v3/payments/${res.body.payment_id}/checkout`,
    );
    const created = requests.find((r) => r.path === '/v1/checkout/sessions');
    const params = new URLSearchParams(created?.body);
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(params.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(params.get('metadata[payment_id]')).toBe(res.body.payment_id);
    expect(params.get('success_url')).toBe('http://localhost:3000/balance/payment-success');
    expect(created?.idempotencyKey).toBe(`checkout:${res.body.payment_id}`);
    const go = await call(t, { url: `/payments/${res.body.payment_id}/checkout`, token: c.token, body: {} });
    expect(go.status).toBe(303);
    expect(go.headers.location).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
  });

  it('credits on a signed checkout.session.completed, once however often it is delivered', async () => {
    const c = await signUpClient(t);
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 25 } });
    const event = completed(res.body.payment_id, 2500, 'evt_stripe_1');
    for (let i = 0; i < 3; i++) expect((await stripeWebhook(event)).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => stripeWebhook(event)));
    expect((await call(t, { url: '/users/client/me', token: c.token })).body.available_balance).toBe(25);
    await expectLedgerConsistent(t, [c]);
  });

  it('refuses a forged or stale Stripe signature', async () => {
    const c = await signUpClient(t);
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 25 } });
    const event = completed(res.body.payment_id, 2500, 'evt_stripe_2');
    expect((await stripeWebhook(event, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    const stale = await stripeWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    expect((await call(t, { url: '/users/client/me', token: c.token })).body.available_balance).toBe(0);
  });

  it('pays a task by card and refunds it to the card through the Refunds API', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const res = await call(t, {
      url: `/orders/${o._id}/pay`,
      token: c.token,
      body: { account_balance_use: 0 },
    });
    await stripeWebhook(completed(res.body.payment_id, 2655, 'evt_stripe_3'));
    expect((await call(t, { url: `/orders/${o._id}`, token: c.token })).body.client_paid).toBe(26.55);
    await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'client_refund', comment: 'card - Other', refund_to: 'card' },
    });
    const { staffToken } = await import('./helpers/test-app.ts');
    const ops = await staffToken(t);
    const accepted = await call(t, {
      url: `/ops/orders/${o._id}/transitions`,
      token: ops,
      body: { name: 'accept_refund' },
    });
    expect(accepted.status).toBe(200);
    const refund = requests.find((r) => r.path === '/v1/refunds');
    expect(new URLSearchParams(refund?.body).get('payment_intent')).toBe('pi_test_1');
    expect(new URLSearchParams(refund?.body).get('amount')).toBe('2655');
    // One key per card payment refunded, so a retried refund is the same refund at Stripe.
    expect(refund?.idempotencyKey).toMatch(new RegExp(`_card_${res.body.payment_id}$`));
    await expectLedgerConsistent(t, [c]);
  });
});
