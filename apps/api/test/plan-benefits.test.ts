// Issue 26 item 7 (decision 037): each plan's add-ons are free on every task, on the quote and on the receipt,
// and a paid task keeps them (and its price) when the plan ends.
import { ADD_ON_PRICES } from '@geekly/domain/pricing/add-ons.ts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, subscriptions } from '../src/db/schema.ts';
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

let t: TestApp;
let ops: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
});
afterAll(async () => t?.close());

type Service = { service: string; added: boolean; price: number; included_in_plan: boolean };
const service = (order: { services: Service[] }, tag: string) =>
  order.services.find((s) => s.service === tag);

/** A client with an active plan (as the webhook leaves it, decision 017) for a month from now. */
async function subscriber(tag: 'premium' | 'premium plus') {
  const client = await signUpClient(t);
  const [sub] = await t.db
    .insert(subscriptions)
    .values({
      userId: client.id,
      status: 'active',
      tag,
      name: tag === 'premium' ? 'Premium' : 'Premium Plus',
      priceCents: tag === 'premium' ? 999 : 1999,
      currentPeriodEnd: new Date(t.ctx.now().getTime() + 30 * DAY),
    })
    .returning();
  return { ...client, subscriptionId: sub?.id ?? '' };
}

describe("a plan's add-ons are free on the quote", () => {
  it('Premium includes the Plagiarism report and Prioritize my task at $0; without a plan they cost', async () => {
    const plain = await signUpClient(t);
    const a = await pricedOrder(t, plain.token, { pages: 2, hours: 100 });
    for (const tag of ['adv_plagreport', 'prioritize_my_task'])
      expect(
        (await call(t, { url: `/orders/${a._id}`, token: plain.token, body: { action: 'service_add', tag } }))
          .status,
      ).toBe(200);
    const paying = (await call(t, { url: `/orders/${a._id}`, token: plain.token })).body;
    expect(paying.addons_total).toBeGreaterThan(0);
    expect(service(paying, 'adv_plagreport')).toMatchObject({
      added: true,
      included_in_plan: false,
      price: ADD_ON_PRICES.adv_plagreport.kind === 'fixed' ? ADD_ON_PRICES.adv_plagreport.cents / 100 : 0,
    });

    const member = await subscriber('premium');
    const b = await pricedOrder(t, member.token, { pages: 2, hours: 100 });
    expect(b.price).toBe(b.client_base_price);
    expect(b.addons_total).toBe(0);
    expect(service(b as never, 'adv_plagreport')).toMatchObject({
      added: true,
      price: 0,
      included_in_plan: true,
    });
    expect(service(b as never, 'prioritize_my_task')).toMatchObject({
      added: true,
      price: 0,
      included_in_plan: true,
    });
    expect(service(b as never, 'adv_vip_support')).toMatchObject({ added: false, included_in_plan: false });
    // Adding what the plan includes is refused as already there; the price stays the work's.
    const again = await call(t, {
      url: `/orders/${b._id}`,
      token: member.token,
      body: { action: 'service_add', tag: 'adv_plagreport' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('add_on_already_added');
    // The same task's work price as the plain client's: the plan adds nothing to pay.
    expect(b.client_base_price).toBe(paying.client_base_price);
    expect(paying.price - b.price).toBeCloseTo(paying.addons_total, 2);
  });

  it('Premium Plus adds VIP service for free too', async () => {
    const member = await subscriber('premium plus');
    const o = await pricedOrder(t, member.token, { pages: 3, hours: 100 });
    for (const tag of ['adv_plagreport', 'prioritize_my_task', 'adv_vip_support'])
      expect(service(o as never, tag)).toMatchObject({ added: true, price: 0, included_in_plan: true });
    expect(o.price).toBe(o.client_base_price);
  });

  it('a chosen add-on of an unpaid task becomes free when the plan starts, and costs again when it ends', async () => {
    const client = await signUpClient(t);
    const o = await pricedOrder(t, client.token, { pages: 2, hours: 100 });
    await call(t, {
      url: `/orders/${o._id}`,
      token: client.token,
      body: { action: 'service_add', tag: 'adv_plagreport' },
    });
    const before = (await call(t, { url: `/orders/${o._id}`, token: client.token })).body;
    expect(before.addons_total).toBe(7.99);
    const [sub] = await t.db
      .insert(subscriptions)
      .values({
        userId: client.id,
        status: 'active',
        tag: 'premium',
        name: 'Premium',
        priceCents: 999,
        currentPeriodEnd: new Date(t.ctx.now().getTime() + DAY),
      })
      .returning();
    const during = (await call(t, { url: `/orders/${o._id}`, token: client.token })).body;
    expect(during.addons_total).toBe(0);
    expect(during.price).toBe(during.client_base_price);
    await t.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.id, sub?.id ?? ''));
    const after = (await call(t, { url: `/orders/${o._id}`, token: client.token })).body;
    expect(after.addons_total).toBe(7.99);
    expect(service(after, 'prioritize_my_task')).toMatchObject({ added: false });
  });
});

describe("a plan's add-ons are free on the receipt", () => {
  it('the payment charges the work price only, the receipt lists what the plan included, and the paid task keeps it', async () => {
    const member = await subscriber('premium');
    const o = await pricedOrder(t, member.token, { pages: 1, hours: 100 });
    const cents = Math.round(o.price * 100);
    expect(cents).toBe(Math.round((o.client_base_price as number) * 100));
    await creditBalance(t, ops, member.id, 100);
    const paid = await call(t, {
      url: `/orders/${o._id}/pay`,
      token: member.token,
      body: { account_balance_use: cents },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.order.payment_state).toBe('fully_paid');
    expect(Math.round(paid.body.order.client_paid * 100)).toBe(cents);

    const [receipt] = await t.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, member.email))
      .orderBy(desc(mailOutbox.createdAt));
    expect(receipt?.subject).toContain('Receipt');
    expect(receipt?.text).toContain(`Amount: $${(cents / 100).toFixed(2)}`);
    expect(receipt?.text).toContain('Included in your plan: Plagiarism report, Prioritize my task ($0.00)');

    // The plan ends: the paid task keeps its included add-ons, free, and its price.
    await t.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.id, member.subscriptionId));
    const later = (await call(t, { url: `/orders/${o._id}`, token: member.token })).body;
    expect(later.price).toBe(o.price);
    expect(later.payment_state).toBe('fully_paid');
    expect(service(later, 'adv_plagreport')).toMatchObject({ added: true, price: 0, included_in_plan: true });
    await expectLedgerConsistent(t, [member]);
  });

  it('a plan started after payment gives the paid task its add-ons free without changing what was paid', async () => {
    const client = await signUpClient(t);
    const o = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    await call(t, {
      url: `/orders/${o._id}`,
      token: client.token,
      body: { action: 'service_add', tag: 'adv_plagreport' },
    });
    const priced = (await call(t, { url: `/orders/${o._id}`, token: client.token })).body;
    await creditBalance(t, ops, client.id, 100);
    const cents = Math.round(priced.price * 100);
    expect(
      (
        await call(t, {
          url: `/orders/${o._id}/pay`,
          token: client.token,
          body: { account_balance_use: cents },
        })
      ).status,
    ).toBe(200);
    await t.db.insert(subscriptions).values({
      userId: client.id,
      status: 'active',
      tag: 'premium',
      name: 'Premium',
      priceCents: 999,
      currentPeriodEnd: new Date(t.ctx.now().getTime() + DAY),
    });
    const later = (await call(t, { url: `/orders/${o._id}`, token: client.token })).body;
    // The paid Plagiarism report keeps its price; the plan's other add-on joins at $0.
    expect(later.price).toBe(priced.price);
    expect(later.payment_state).toBe('fully_paid');
    expect(service(later, 'adv_plagreport')).toMatchObject({
      added: true,
      price: 7.99,
      included_in_plan: false,
    });
    expect(service(later, 'prioritize_my_task')).toMatchObject({
      added: true,
      price: 0,
      included_in_plan: true,
    });
  });
});
