import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { geeks, payments, sandboxGatewaySessions } from '../src/db/schema.ts';
import { uploadGeekFile } from './helpers/files.ts';
import { CARDS, expectLedgerConsistent, openCardPage, payWithCard, topUp } from './helpers/sandbox-card.ts';
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
const clients: { token: string; id: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  const [geek] = await t.db.insert(geeks).values({ publicFullName: 'Tip G.', major: 'English' }).returning();
  geekId = geek?.id ?? '';
});
afterEach(async () => {
  t.clock.offsetMs = 0;
  await expectLedgerConsistent(t, clients);
});
afterAll(async () => t?.close());

async function client() {
  const c = await signUpClient(t);
  clients.push(c);
  return c;
}
const me = async (token: string) => (await call(t, { url: '/users/client/me', token })).body;
const order = async (token: string, id: string) => (await call(t, { url: `/orders/${id}`, token })).body;
const pay = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { url: `/orders/${id}/pay`, token, body });
const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: ops, body: { name, ...extra } });
const paymentOf = async (token: string, id: string) =>
  (await call(t, { url: `/payments/${id}`, token })).body;

describe('topping up the balance by card (sandbox gateway)', () => {
  it('credits $100 once the card succeeds, and sends the browser to the balance success page', async () => {
    const c = await client();
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: '100' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('redirect');
    const { fields, url, method } = res.body.gateway;
    expect(method).toBe('POST');
    expect(url).toBe('http://localhost:3000/sandbox-gateway/checkout');
    // docs/product/payments-and-ledger.md: the form's fields and the top-up's details text.
    expect(fields).toMatchObject({
      details: `Topup balance (topup_${c.id})`,
      client_id: c.id,
      amount: '100.00',
      currency: 'USD',
      company: 'Geekly',
      success_url: 'http://localhost:3000/balance/payment-success',
      cancel_url: 'http://localhost:3000/balance',
      error_url: 'http://localhost:3000/orders/payment-error',
      expired_url: 'http://localhost:3000/orders/payment-expired',
      use_balance: '',
    });
    expect((await me(c.token)).available_balance).toBe(0);
    const paid = await payWithCard(t, res.body.gateway, CARDS.success);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(
      `http://localhost:3000/balance/payment-success?payment_id=${res.body.payment_id}`,
    );
    expect((await me(c.token)).available_balance).toBe(100);
    expect(await paymentOf(c.token, res.body.payment_id)).toMatchObject({
      status: 'succeeded',
      purpose: 'top_up',
    });
    const history = await call(t, { url: '/balance/history', token: c.token });
    expect(history.body.available_balance).toBe(100);
    expect(history.body.results).toEqual([
      expect.objectContaining({
        kind: 'card_top_up',
        description: 'Top-up by card',
        amount: 100,
        order_id: null,
      }),
    ]);
  });

  it('a declined card and a gateway error move no money and return with their reason', async () => {
    const c = await client();
    const declined = await topUp(t, c.token, 20, CARDS.declined);
    expect(declined.location).toBe(
      `http://localhost:3000/orders/payment-error?payment_id=${declined.paymentId}&reason=card_declined`,
    );
    const failed = await topUp(t, c.token, 20, CARDS.serverError);
    expect(failed.location).toContain('reason=server_error');
    // Any other valid card number is declined too (test mode).
    const other = await topUp(t, c.token, 20, '5555 5555 5555 4444');
    expect(other.location).toContain('reason=card_declined');
    expect((await me(c.token)).available_balance).toBe(0);
    expect(await paymentOf(c.token, declined.paymentId)).toMatchObject({
      status: 'failed',
      failure_reason: 'card_declined',
    });
    expect((await paymentOf(c.token, failed.paymentId)).failure_reason).toBe('server_error');
  });

  it('shows the card page with labelled fields and refuses bad card details without charging', async () => {
    const c = await client();
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 15.5 } });
    const opened = await openCardPage(t, res.body.gateway);
    const page = await t.app.inject({ method: 'GET', url: opened.location ?? '' });
    for (const label of ['Card number', 'Expiry date (MM/YY)', 'CVV', 'Name on card', 'Pay $15.50'])
      expect(page.body).toContain(label);
    const bad = await payWithCard(t, res.body.gateway, '4242 4242 4242 4241', {
      expiry: '01/20',
      cvc: '1',
      name: ' ',
    });
    expect(bad.status).toBe(422);
    for (const msg of [
      'Your card number is incorrect.',
      'Your card&#39;s expiration date is in the past.',
      'Your card&#39;s security code is incomplete.',
      'Enter the name on the card.',
    ])
      expect(bad.body).toContain(msg);
    expect((await paymentOf(c.token, res.body.payment_id)).status).toBe('pending');
    // The same session still takes a good card afterwards, once.
    const good = await payWithCard(t, res.body.gateway, CARDS.success);
    expect(good.location).toContain('/balance/payment-success');
    // Posting the form again finds the session paid and goes straight back.
    const again = await openCardPage(t, res.body.gateway);
    const settled = await t.app.inject({ method: 'GET', url: again.location ?? '' });
    expect(settled.headers.location).toContain('/balance/payment-success');
    expect((await me(c.token)).available_balance).toBe(15.5);
  });

  it('refuses a form whose amount or return address was changed', async () => {
    const c = await client();
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 5 } });
    const gateway = res.body.gateway;
    const cheaper = await openCardPage(t, { ...gateway, fields: { ...gateway.fields, amount: '500.00' } });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body).toContain('This payment request was altered and is refused.');
    const elsewhere = await openCardPage(t, {
      ...gateway,
      fields: { ...gateway.fields, success_url: 'https://evil.example/thanks' },
    });
    expect(elsewhere.status).toBe(400);
    const sessions = await t.db
      .select()
      .from(sandboxGatewaySessions)
      .where(eq(sandboxGatewaySessions.merchantPaymentId, res.body.payment_id));
    expect(sessions).toEqual([]);
  });

  it('expires a session left open too long: the browser goes to the expired page and nothing is charged', async () => {
    const c = await client();
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 30 } });
    const opened = await openCardPage(t, res.body.gateway);
    t.clock.offsetMs = 31 * 60_000;
    const page = await t.app.inject({ method: 'GET', url: opened.location ?? '' });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(
      `http://localhost:3000/orders/payment-expired?payment_id=${res.body.payment_id}`,
    );
    expect((await paymentOf(c.token, res.body.payment_id)).status).toBe('expired');
    // The worker expires sessions nobody came back to, as well.
    t.clock.offsetMs = 0;
    const other = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 30 } });
    await openCardPage(t, other.body.gateway);
    t.clock.offsetMs = 31 * 60_000;
    await t.ctx.sandbox?.events.deliverPending();
    expect((await paymentOf(c.token, other.body.payment_id)).status).toBe('expired');
    expect((await me(c.token)).available_balance).toBe(0);
  });

  it('validates the amount with the spec message and starts nothing', async () => {
    const c = await client();
    for (const amount of ['0', '', '-5', '1.234', '10000000', 'abc', 0]) {
      const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount } });
      expect(res.status).toBe(422);
      expect(res.body.error_value.amount).toBe('Please enter amount more than $00.00');
    }
    expect(await t.db.select().from(payments).where(eq(payments.userId, c.id))).toEqual([]);
  });

  it("never shows another user's payment", async () => {
    const a = await client();
    const b = await client();
    const res = await call(t, { url: '/balance/top-up', token: a.token, body: { amount: 5 } });
    expect((await call(t, { url: `/payments/${res.body.payment_id}`, token: b.token })).status).toBe(404);
    expect((await call(t, { url: '/payments/not-a-uuid', token: a.token })).status).toBe(404);
  });
});

describe('paying for a task', () => {
  it("returns a cancelled card from the new-order flow's checkout into that flow (issue 34)", async () => {
    const c = await client();
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const started = await pay(c.token, o._id, { account_balance_use: 0, context: 'neworder_checkout' });
    expect(started.body.status).toBe('redirect');
    expect(started.body.gateway.fields.cancel_url).toBe(`http://localhost:3000/neworder/${o._id}/checkout`);
    expect(started.body.gateway.fields.success_url).toBe('http://localhost:3000/orders/payment-success');
  });

  it('pays the 30% deposit from the balance, then the remaining 70% by card', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 10);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 }); // $26.55: deposit $7.97, rest $18.58
    const deposit = await pay(c.token, o._id, {
      account_balance_use: 1000,
      partial: true,
      expected_price: 26.55,
    });
    expect(deposit.body.status).toBe('paid');
    expect(deposit.body.order.client_paid).toBe(7.97);
    expect((await me(c.token)).available_balance).toBe(2.03);
    // The task is locked now and follows its paid state.
    expect(deposit.body.order.changeable).toBe(false);

    const rest = await pay(c.token, o._id, { account_balance_use: 0 });
    expect(rest.body.status).toBe('redirect');
    expect(rest.body.gateway.fields.amount).toBe('18.58');
    expect(rest.body.gateway.fields.success_url).toBe('http://localhost:3000/orders/payment-success');
    expect(rest.body.gateway.fields.cancel_url).toBe(`http://localhost:3000/order/${o._id}/checkout`);
    const back = await payWithCard(t, rest.body.gateway, CARDS.success);
    expect(back.location).toBe(
      `http://localhost:3000/orders/payment-success?payment_id=${rest.body.payment_id}`,
    );
    const paid = await order(c.token, o._id);
    expect(paid.client_paid).toBe(26.55);
    expect(paid.payment_state).toBe('fully_paid');
    expect((await me(c.token)).available_balance).toBe(2.03);
    expect((await paymentOf(c.token, rest.body.payment_id)).outcome).toBe('applied');
    const kinds = (await call(t, { url: '/balance/history', token: c.token })).body.results.map(
      (r: { kind: string; amount: number }) => [r.kind, r.amount],
    );
    expect(kinds).toEqual([
      ['order_payment_card', -18.58],
      ['card_payment', 18.58],
      ['order_payment_balance', -7.97],
      ['staff_credit', 10],
    ]);
  });

  it('spends the allowed balance share with the card: the card pays only the rest', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 10);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const res = await pay(c.token, o._id, { account_balance_use: '10.00', expected_price: 26.55 });
    expect(res.body.gateway.fields.amount).toBe('16.55');
    // Nothing is held or spent until the card succeeds.
    expect((await me(c.token)).available_balance).toBe(10);
    await payWithCard(t, res.body.gateway, CARDS.success);
    expect((await order(c.token, o._id)).client_paid).toBe(26.55);
    expect((await me(c.token)).available_balance).toBe(0);
  });

  it('refuses a balance share larger than the balance, and a task that cannot be paid', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 5);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const res = await pay(c.token, o._id, { account_balance_use: 1000 });
    expect(res.status).toBe(409);
    expect(res.body.error_type).toBe('insufficient_balance');
    const unpriced = await call(t, {
      url: '/orders',
      token: c.token,
      body: { title: 'x', subject: 'English' },
    });
    const none = await pay(c.token, unpriced.body._id, { account_balance_use: 0 });
    expect(none.body.error_type).toBe('no_price');
    expect(await t.db.select().from(payments).where(eq(payments.userId, c.id))).toEqual([]);
  });

  it('keeps a late card payment on the balance when the task was paid meanwhile from another tab', async () => {
    const c = await client();
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const card = await pay(c.token, o._id, { account_balance_use: 0, expected_price: 26.55 });
    await creditBalance(t, ops, c.id, 30);
    expect((await pay(c.token, o._id, { account_balance_use: 3000 })).body.status).toBe('paid');
    await payWithCard(t, card.body.gateway, CARDS.success);
    expect((await order(c.token, o._id)).client_paid).toBe(26.55);
    // $30 - $26.55 + the card's $26.55: nothing charged twice, nothing lost.
    expect((await me(c.token)).available_balance).toBe(30);
    expect(await paymentOf(c.token, card.body.payment_id)).toMatchObject({
      status: 'succeeded',
      outcome: 'kept_on_balance',
    });
  });

  it('pays an add-on added after payment, returning to the add-ons page', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 30);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    await pay(c.token, o._id, { account_balance_use: 3000 });
    const added = await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'service_add', tag: 'adv_plagreport' },
    });
    expect(added.status).toBe(200);
    const res = await pay(c.token, o._id, { account_balance_use: 0, context: 'add_ons' });
    expect(res.body.gateway.fields).toMatchObject({
      amount: '7.99',
      use_balance: 'true',
      success_url: `http://localhost:3000/order/${o._id}/payment-success`,
      cancel_url: `http://localhost:3000/order/${o._id}/get-addons`,
    });
    await payWithCard(t, res.body.gateway, CARDS.success);
    const paid = await order(c.token, o._id);
    expect(paid.client_paid).toBe(paid.price);
    expect(paid.client_paid).toBe(34.54);
  });
});

async function deliveredOrder(token: string, userId: string) {
  await creditBalance(t, ops, userId, 30);
  const o = await pricedOrder(t, token, { pages: 1, hours: 100 });
  await pay(token, o._id, { account_balance_use: 3000 });
  for (const step of ['accept_instructions', 'assign_geek', 'start_work', 'deliver']) {
    if (step === 'deliver') await uploadGeekFile(t, ops, o._id);
    expect((await operate(o._id, step, step === 'assign_geek' ? { writer_id: geekId } : {})).status).toBe(
      200,
    );
  }
  return o;
}

describe('tips', () => {
  it('tips the Geek from the balance or by card, once', async () => {
    const c = await client();
    const o = await deliveredOrder(c.token, c.id);
    const tooBig = await call(t, { url: `/orders/${o._id}/tips`, token: c.token, body: { amount: 2000 } });
    expect(tooBig.status).toBe(422);
    const res = await call(t, { url: `/orders/${o._id}/tips`, token: c.token, body: { amount: '5' } });
    expect(res.body.gateway.fields).toMatchObject({
      amount: '5.00',
      success_url: `http://localhost:3000/order/${o._id}/tips-success/5.00`,
      cancel_url: `http://localhost:3000/order/${o._id}/tips`,
    });
    await payWithCard(t, res.body.gateway, CARDS.success);
    expect((await order(c.token, o._id)).tips_paid).toBe(5);
    // docs/product/statuses-and-state-machine.md: the tip button shows only while no tip was paid.
    const second = await call(t, {
      url: `/orders/${o._id}/tips`,
      token: c.token,
      body: { amount: 1, account_balance_use: 100 },
    });
    expect(second.status).toBe(409);
    expect((await me(c.token)).available_balance).toBe(3.45);
  });

  it('refuses a tip for a task with no Geek and for another user’s task', async () => {
    const a = await client();
    const b = await client();
    await creditBalance(t, ops, a.id, 30);
    const o = await pricedOrder(t, a.token, { pages: 1, hours: 100 });
    await pay(a.token, o._id, { account_balance_use: 3000 });
    const noGeek = await call(t, {
      url: `/orders/${o._id}/tips`,
      token: a.token,
      body: { amount: 1, account_balance_use: 100 },
    });
    expect(noGeek.status).toBe(409);
    const other = await call(t, { url: `/orders/${o._id}/tips`, token: b.token, body: { amount: 1 } });
    expect(other.status).toBe(404);
  });
});

describe('refunds', () => {
  it('gives a refund to the balance at once when the operator accepts it', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 30);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    await pay(c.token, o._id, { account_balance_use: 3000 });
    const asked = await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'client_refund', comment: 'balance - I do not need it', refund_to: 'balance' },
    });
    expect(asked.status).toBe(200);
    expect((await me(c.token)).available_balance).toBe(3.45);
    expect((await operate(o._id, 'accept_refund')).status).toBe(200);
    expect((await me(c.token)).available_balance).toBe(30);
    expect((await order(c.token, o._id)).client_paid).toBe(0);
  });

  it('refunds what the card paid to the card through the gateway, and the balance share to the balance', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 5);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const res = await pay(c.token, o._id, { account_balance_use: 500 });
    await payWithCard(t, res.body.gateway, CARDS.success); // $21.55 by card + $5 balance
    await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'client_refund', comment: 'card - changed my mind', refund_to: 'card' },
    });
    expect((await operate(o._id, 'accept_refund')).status).toBe(200);
    expect((await me(c.token)).available_balance).toBe(5);
    const [session] = await t.db
      .select()
      .from(sandboxGatewaySessions)
      .where(eq(sandboxGatewaySessions.merchantPaymentId, res.body.payment_id));
    expect(session?.refundedCents).toBe(2155);
    expect((await order(c.token, o._id)).client_paid).toBe(0);
  });

  it('a declined refund moves no money', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 30);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    await pay(c.token, o._id, { account_balance_use: 3000 });
    await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'client_refund', comment: 'balance - Other', refund_to: 'balance' },
    });
    expect((await operate(o._id, 'decline_refund')).status).toBe(200);
    expect((await me(c.token)).available_balance).toBe(3.45);
    expect((await order(c.token, o._id)).client_paid).toBe(26.55);
  });
});

describe('referral bonus and cashback (decision 012)', () => {
  it('gives the referrer $10 once, when a task of the referred student is fully paid and delivered', async () => {
    const referrer = await client();
    const code = (await me(referrer.token)).referral_code as string;
    const res = await call(t, {
      url: '/users/client/new',
      body: { email: `friend-${Date.now()}@example.com`, password: 'friend password', referred_by: code },
      ip: t.nextIp(),
    });
    const friend = { token: res.body.jwt as string, id: res.body.user._id as string };
    clients.push(friend);
    await creditBalance(t, ops, friend.id, 60);
    // The bonus waits for the friend's confirmed phone (decision 018).
    const phone = `+8526${String(Date.now()).slice(-7)}`;
    await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token: friend.token,
      body: { phone, country: 'HK' },
    });
    await call(t, { url: '/users/client/me/phone-verification', token: friend.token, body: {} });
    const smsCode = /code is (\d{6})/.exec(t.sentSms().at(-1) ?? '')?.[1];
    const checked = await call(t, {
      url: '/users/client/me/phone-verification/check',
      token: friend.token,
      body: { code: smsCode },
    });
    expect(checked.body).toEqual({ phone_verified: true });
    const first = await pricedOrder(t, friend.token, { pages: 1, hours: 100 });
    expect((await me(referrer.token)).available_balance).toBe(0);
    await pay(friend.token, first._id, { account_balance_use: 3000, partial: true });
    // Decision 029: a deposit, or a task paid in full and not delivered yet, earns nothing.
    expect((await me(referrer.token)).available_balance).toBe(0);
    await pay(friend.token, first._id, { account_balance_use: 3000 });
    expect((await me(referrer.token)).available_balance).toBe(0);
    for (const step of ['assign_geek', 'start_work', 'deliver']) {
      if (step === 'deliver') await uploadGeekFile(t, ops, first._id);
      const extra = step === 'assign_geek' ? { writer_id: geekId } : {};
      expect((await operate(first._id, step, extra)).status).toBe(200);
    }
    expect((await me(referrer.token)).available_balance).toBe(10);
    await deliveredOrder(friend.token, friend.id);
    expect((await me(referrer.token)).available_balance).toBe(10);
    const history = (await call(t, { url: '/balance/history', token: referrer.token })).body.results;
    expect(history).toEqual([
      expect.objectContaining({ kind: 'referral_bonus', description: 'Referral bonus', amount: 10 }),
    ]);
  });

  it('gives a code’s cashback when the task is fully paid, and keeps it back from a refund', async () => {
    const { coupons } = await import('../src/db/schema.ts');
    await t.db.insert(coupons).values({ code: 'BACK10', percentOff: 10, cashbackPercent: 10 });
    const c = await client();
    await creditBalance(t, ops, c.id, 30);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const coded = await call(t, {
      method: 'PATCH',
      url: `/orders/${o._id}`,
      token: c.token,
      body: { discount: 'BACK10' },
    });
    const price = coded.body.price as number; // $26.55 less 10%
    expect(price).toBeLessThan(26.55);
    await pay(c.token, o._id, { account_balance_use: 3000, partial: true });
    expect((await me(c.token)).available_balance).toBeCloseTo(30 - coded.body.partial_price, 2);
    await pay(c.token, o._id, { account_balance_use: 3000 });
    const cashback = Math.floor((Math.round(price * 100) * 10 + 50) / 100) / 100;
    expect((await me(c.token)).available_balance).toBeCloseTo(30 - price + cashback, 2);
    await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'client_refund', comment: 'balance - Other', refund_to: 'balance' },
    });
    await operate(o._id, 'accept_refund');
    // Exactly the $30 the student started with: the refund kept back the cashback already given.
    expect((await me(c.token)).available_balance).toBe(30);
  });
});
