import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coupons, subscriptions } from '../src/db/schema.ts';
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
const HOUR = 3_600_000;
// A fixed clock on a full hour, so band edges are exact.
const NOW = new Date('2031-03-10T12:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.now = () => NOW;
  ops = await staffToken(t);
});
afterEach(() => {
  t.ctx.now = () => NOW;
});
afterAll(async () => {
  await t?.close();
});

async function newTask(token: string) {
  const res = await call(t, { url: '/orders', token, body: { title: 'Lab report', subject: 'Chemistry' } });
  return res.body._id as string;
}
const patch = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { method: 'PATCH', url: `/orders/${id}`, token, body });
const get = async (token: string, id: string) => (await call(t, { url: `/orders/${id}`, token })).body;

describe('PATCH /orders/{id} with calc_quote: the server prices the task', () => {
  it('computes quote, price, deposit and minimum deadline, ignoring prices the client sends', async () => {
    const { token } = await signUpClient(t);
    const id = await newTask(token);
    const res = await patch(token, id, {
      size: '5 pages',
      request_type: 'Essay writing',
      deadline: at(100),
      calc_quote: true,
      price: 1,
      quote_price: 1,
      partial_price: 0.3,
    });
    expect(res.status).toBe(200);
    // 100 hours left: the 96-hour band, $26.55 a page; 30% of 132.75 is 39.825, rounded half up.
    expect(res.body).toMatchObject({
      size: '5 pages',
      pages: 5,
      words: 1375,
      quote_price: 132.75,
      client_base_price: 132.75,
      price: 132.75,
      partial_price: 39.83,
      post_payment: 92.92,
      amount_left: 132.75,
      min_deadline: at(7),
      bad_deadline: false,
      system_client_status: 'Unpaid',
      changeable: true,
      payment_state: 'unpaid',
      status: { label: 'Unpaid', wait_text: 'Pay the deposit to get a Geek' },
    });
    // What the student sees later is what the server stores and recomputes.
    expect((await get(token, id)).price).toBe(132.75);
  });

  it.each([
    [168, 24.25],
    [167, 26.55],
    [96, 26.55],
    [95, 31.15],
    [48, 31.15],
    [47, 35.45],
    [24, 35.45],
    [23, 41.15],
    [12, 41.15],
    [11, 46.25],
  ])(
    'prices 1 page due in %s hours at $%s (docs/product/tasks-and-pricing.md bands)',
    async (hours, perPage) => {
      const { token } = await signUpClient(t);
      const id = await newTask(token);
      const res = await patch(token, id, { size: '1 page', request_type: 'Essay', deadline: at(hours) });
      expect(res.body.price).toBe(perPage);
    },
  );

  it('a later deadline never costs more', async () => {
    const { token } = await signUpClient(t);
    const id = await newTask(token);
    let last = Number.POSITIVE_INFINITY;
    for (const hours of [20, 30, 50, 100, 200, 400]) {
      const res = await patch(token, id, { size: '10 pages', request_type: 'Essay', deadline: at(hours) });
      expect(res.body.price).toBeLessThanOrEqual(last);
      last = res.body.price;
    }
  });

  it('a deadline before the minimum for the pages leaves the task unpriced and flags it', async () => {
    const { token } = await signUpClient(t);
    const id = await newTask(token);
    // 5 pages need 7 hours (docs/product/tasks-and-pricing.md).
    const bad = await patch(token, id, { size: '5 pages', request_type: 'Essay', deadline: at(6) });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({
      price: null,
      quote_price: null,
      partial_price: null,
      bad_deadline: true,
      min_deadline: at(7),
      system_client_status: 'New project',
      status: { label: 'New Task' },
    });
    const ok = await patch(token, id, { deadline: at(7) });
    expect(ok.body).toMatchObject({ bad_deadline: false, price: 5 * 46.25 });
  });

  it('stays unpriced without pages or a request type', async () => {
    const { token } = await signUpClient(t);
    const id = await newTask(token);
    const noPages = await patch(token, id, { request_type: 'Essay', deadline: at(50) });
    expect(noPages.body).toMatchObject({ price: null, pages: null, min_deadline: null, bad_deadline: false });
    const withPages = await patch(token, id, { size: '2 pages' });
    expect(withPages.body.price).toBe(2 * 31.15);
    const id2 = await newTask(token);
    const noType = await patch(token, id2, { size: '2 pages', deadline: at(50) });
    expect(noType.body.price).toBeNull();
  });

  it('follows the clock while unpaid: hours passing move the task into a dearer band', async () => {
    const { token } = await signUpClient(t);
    const id = await newTask(token);
    await patch(token, id, { size: '1 page', request_type: 'Essay', deadline: at(100) });
    expect((await get(token, id)).price).toBe(26.55);
    t.ctx.now = () => new Date(NOW.getTime() + 10 * HOUR); // 90 hours left
    expect((await get(token, id)).price).toBe(31.15);
  });

  it('lowers the minimum by 1 hour under 8 pages for an active premium plus subscription', async () => {
    const { token, id: userId } = await signUpClient(t);
    const id = await newTask(token);
    const early = await patch(token, id, { size: '1 page', request_type: 'Essay', deadline: at(2) });
    expect(early.body).toMatchObject({ price: null, bad_deadline: true });
    await t.db.insert(subscriptions).values({
      userId,
      status: 'active',
      tag: 'premium plus',
      name: 'Premium plus',
      currentPeriodEnd: new Date(NOW.getTime() + 30 * 24 * HOUR),
    });
    const now = await get(token, id);
    expect(now).toMatchObject({ price: 46.25, bad_deadline: false, min_deadline: at(2) });
    // 8 pages: no change (19 → 15 hours are the spec's values for 9 and 8 pages).
    const eight = await patch(token, id, { size: '8 pages', deadline: at(11) });
    expect(eight.body).toMatchObject({ price: null, min_deadline: at(12) });
  });

  it.each([
    [{ size: '0 pages' }, 'size', 'Please choose from 1 to 50 pages'],
    [{ size: '51 pages' }, 'size', 'Please choose from 1 to 50 pages'],
    [{ request_type: 'x'.repeat(31) }, 'request_type', 'Task type is limited to 30 characters'],
    [{ request_type: '   ' }, 'request_type', 'Please tell the Geek what you want done'],
    [{ title: ' ' }, 'title', 'Please, name your task'],
    [{ deadline: 'tomorrow' }, 'deadline', expect.any(String)],
    [{ deadline: at(366 * 24) }, 'deadline', 'Please choose a deadline within a year'],
  ])('rejects %j with 422 and changes nothing', async (body, field, message) => {
    const { token } = await signUpClient(t);
    const id = await newTask(token);
    const before = await get(token, id);
    const res = await patch(token, id, body);
    expect(res.status).toBe(422);
    expect(res.body.error_value[field]).toEqual(message);
    expect(await get(token, id)).toEqual(before);
  });

  it("answers 404 for another user's task and changes nothing", async () => {
    const alice = await signUpClient(t);
    const bob = await signUpClient(t);
    const id = await newTask(alice.token);
    const res = await patch(bob.token, id, { size: '3 pages' });
    expect(res.status).toBe(404);
    expect((await get(alice.token, id)).size).toBe('0 pages');
  });
});

describe('a locked (paid) task', () => {
  async function paidDeposit() {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 2, hours: 100 });
    await creditBalance(t, ops, client.id, 100);
    const paid = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: client.token,
      body: { account_balance_use: 10_000, partial: true },
    });
    expect(paid.status).toBe(200);
    return { ...client, id: order._id, order: paid.body.order };
  }

  it.each([
    [{ size: '3 pages' }],
    [{ deadline: at(200) }],
    [{ request_type: 'Proofreading' }],
    [{ details: 'More details' }],
    [{ title: 'New name' }],
    [{ discount: 'NEWUSER' }],
    [{ additional: ['partial_payment', 'assigment_type_paper'] }],
  ])('refuses %j with the spec error and keeps the task as it was', async (body) => {
    const { token, id } = await paidDeposit();
    const before = await get(token, id);
    const res = await patch(token, id, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      detail: "Can't change details. Please contact support",
      error_type: 'order_locked',
    });
    expect(await get(token, id)).toEqual(before);
  });

  it('accepts the unchanged form sent again, and the review-shown flag', async () => {
    const { token, id, order } = await paidDeposit();
    const same = await patch(token, id, {
      size: order.size,
      deadline: order.deadline,
      request_type: order.request_type,
      calc_quote: true,
    });
    expect(same.status).toBe(200);
    expect(same.body.price).toBe(order.price);
    const flagged = await patch(token, id, { additional: [...order.additional, 'review_shown_on_client'] });
    expect(flagged.status).toBe(200);
    expect(flagged.body.additional).toContain('review_shown_on_client');
  });

  it('keeps the price it was paid at when the clock moves on', async () => {
    const { token, id, order } = await paidDeposit();
    expect(order).toMatchObject({
      price: 53.1,
      client_paid: 15.93,
      payment_state: 'partially_paid',
      changeable: false,
    });
    t.ctx.now = () => new Date(NOW.getTime() + 90 * HOUR);
    expect((await get(token, id)).price).toBe(53.1);
  });
});

describe('coupons on a task', () => {
  async function insertCoupon(values: Partial<typeof coupons.$inferInsert>) {
    const code = `T${randomBytes(4).toString('hex').toUpperCase()}`;
    await t.db.insert(coupons).values({ code, percentOff: 10, ...values });
    return code;
  }

  it('applies NEWUSER at 25%, normalising the code, and removes it', async () => {
    const { token } = await signUpClient(t);
    const order = await pricedOrder(t, token, { pages: 4, hours: 100 }); // 4 × 26.55 = 106.20
    const res = await patch(token, order._id, { discount: ' new user ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      discount: 'NEWUSER',
      discount_valid: true,
      quote_price: 106.2,
      client_base_price: 79.65,
      discount_amount: 26.55,
      price: 79.65,
      partial_price: 23.9,
      discount_info: { code: 'NEWUSER', value: 25, quote_amount: 26.55 },
    });
    const removed = await patch(token, order._id, { discount: '' });
    expect(removed.body).toMatchObject({ discount: null, price: 106.2, discount_info: null });
  });

  it.each([
    ['an unknown code', async () => 'NOPE', 'code', 'This code is not valid.'],
    [
      'an expired code',
      () => insertCoupon({ validUntil: new Date(NOW.getTime() - HOUR) }),
      'expiration',
      'This code has expired.',
    ],
    ['a switched-off code', () => insertCoupon({ active: false }), 'status', 'This code is not valid.'],
    [
      'a code under its minimum price',
      () => insertCoupon({ minPriceCents: 20_000 }),
      'min_price',
      'This code can be only applied for orders over $200.00.',
    ],
  ])(
    'refuses %s with its discount_error_type and text, and keeps the price',
    async (_label, make, type, text) => {
      const { token } = await signUpClient(t);
      const order = await pricedOrder(t, token, { pages: 4, hours: 100 });
      const code = await make();
      const res = await patch(token, order._id, { discount: code });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        detail: text,
        error_type: 'discount',
        error_value: { discount: text, discount_error_type: type },
      });
      expect(await get(token, order._id)).toMatchObject({ discount: null, price: 106.2 });
    },
  );

  it("refuses a code the client already used with another task ('used')", async () => {
    const client = await signUpClient(t);
    const code = await insertCoupon({ perUserLimit: 1 });
    const first = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    await patch(client.token, first._id, { discount: code });
    await creditBalance(t, ops, client.id, 100);
    expect(
      (
        await call(t, {
          url: `/orders/${first._id}/pay`,
          token: client.token,
          body: { account_balance_use: 10_000 },
        })
      ).status,
    ).toBe(200);
    const second = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    const res = await patch(client.token, second._id, { discount: code });
    expect(res.body.error_value).toEqual({
      discount: "This code can't be applied for this order. You've already used it with another order.",
      discount_error_type: 'used',
    });
  });

  it("stops NEWUSER after the client's first 5 paid tasks ('paid_orders')", async () => {
    const client = await signUpClient(t);
    await creditBalance(t, ops, client.id, 200);
    for (let i = 0; i < 5; i++) {
      const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
      expect((await patch(client.token, order._id, { discount: 'NEWUSER' })).body.price).toBe(19.91);
      const paid = await call(t, {
        url: `/orders/${order._id}/pay`,
        token: client.token,
        body: { account_balance_use: 10_000 },
      });
      expect(paid.status).toBe(200);
    }
    const sixth = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    const res = await patch(client.token, sixth._id, { discount: 'NEWUSER' });
    expect(res.status).toBe(422);
    expect(res.body.error_value).toEqual({
      discount: "This code can't be applied for this order.",
      discount_error_type: 'paid_orders',
    });
    const check = await call(t, { url: '/discount_check', token: client.token, body: { code: 'NEWUSER' } });
    expect(check.body).toMatchObject({ discount_valid: false, discount_error_type: 'paid_orders' });
  });

  it('gives a code’s free add-on at no cost, and then VIP cannot be added or changed', async () => {
    const { token } = await signUpClient(t);
    const order = await pricedOrder(t, token, { pages: 2, hours: 100 }); // 53.10
    const code = await insertCoupon({ percentOff: 0, freeAddOn: 'adv_vip_support' });
    const res = await patch(token, order._id, { discount: code });
    expect(res.body).toMatchObject({ price: 53.1, discount_valid: true });
    expect(
      res.body.services.find((sv: { service: string }) => sv.service === 'adv_vip_support'),
    ).toMatchObject({
      added: true,
      disabled: true,
      price: 0,
    });
    const add = await call(t, {
      url: `/orders/${order._id}`,
      token,
      body: { action: 'service_add', tag: 'adv_vip_support' },
    });
    expect(add.status).toBe(409);
  });

  it('reports a stored code that stopped being valid, and prices the task without it', async () => {
    const { token } = await signUpClient(t);
    const order = await pricedOrder(t, token, { pages: 4, hours: 100 }); // 106.20
    const code = await insertCoupon({ minPriceCents: 10_000 });
    expect((await patch(token, order._id, { discount: code })).body.price).toBe(95.58);
    const fewer = await patch(token, order._id, { size: '3 pages' }); // 79.65 < $100
    expect(fewer.body).toMatchObject({
      discount: code,
      discount_valid: false,
      discount_error_type: 'min_price',
      price: 79.65,
      discount_info: { discount_error_text: 'This code can be only applied for orders over $100.00.' },
    });
  });

  it('POST /discount_check answers the spec fields', async () => {
    const { token } = await signUpClient(t);
    const ok = await call(t, { url: '/discount_check', token, body: { code: 'newuser' } });
    expect(ok.body).toMatchObject({
      code: 'NEWUSER',
      value: 25,
      discount_valid: true,
      discount_error_type: null,
    });
    const empty = await call(t, { url: '/discount_check', token, body: { code: '  ' } });
    expect(empty.body).toMatchObject({
      discount_valid: false,
      discount_error_type: 'empty',
      discount_error_text: 'Please, enter a coupon code.',
    });
  });
});

describe('add-ons', () => {
  const action = (token: string, id: string, body: Record<string, unknown>) =>
    call(t, { url: `/orders/${id}`, token, body });

  it('adds VIP service at $9.99 to the price and removes it again', async () => {
    const { token } = await signUpClient(t);
    const order = await pricedOrder(t, token, { pages: 2, hours: 100 }); // 2 × 26.55
    const added = await action(token, order._id, { action: 'service_add', tag: 'adv_vip_support' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ price: 63.09, addons_total: 9.99, client_base_price: 53.1 });
    expect(
      added.body.services.find((s: { service: string }) => s.service === 'adv_vip_support'),
    ).toMatchObject({
      added: true,
      price: 9.99,
      label: 'VIP service',
    });
    const again = await action(token, order._id, { action: 'service_add', tag: 'adv_vip_support' });
    expect(again.body.error_type).toBe('add_on_already_added');
    const removed = await action(token, order._id, { action: 'service_delete', tag: 'adv_vip_support' });
    expect(removed.body.price).toBe(53.1);
  });

  it('refuses Draft with 6 hours or less left, and Preferred Geek without a Geek from the list', async () => {
    const { token } = await signUpClient(t);
    const order = await pricedOrder(t, token, { pages: 1, hours: 6 });
    const draft = await action(token, order._id, { action: 'service_add', tag: 'draft_needed' });
    expect(draft.status).toBe(409);
    expect(draft.body.error_type).toBe('add_on_disabled');
    const preferred = await action(token, order._id, {
      action: 'service_add',
      tag: 'client_recomended_writer',
      writer_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(preferred.status).toBe(409);
    expect((await get(token, order._id)).price).toBe(order.price);
  });

  it('disables VIP on a locked task', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
    await creditBalance(t, ops, client.id, 50);
    await call(t, {
      url: `/orders/${order._id}/pay`,
      token: client.token,
      body: { account_balance_use: 5000 },
    });
    const vip = await action(client.token, order._id, { action: 'service_add', tag: 'adv_vip_support' });
    expect(vip.status).toBe(409);
    expect(vip.body.error_type).toBe('add_on_disabled');
    const view = await get(client.token, order._id);
    expect(view.services.find((s: { service: string }) => s.service === 'adv_vip_support').disabled).toBe(
      true,
    );
  });
});

describe('deleting a task', () => {
  it('leaves it out of the list, marks it deleted and refuses further changes', async () => {
    const { token } = await signUpClient(t);
    const id = await newTask(token);
    const res = await call(t, { url: `/orders/${id}`, token, body: { action: 'client_remove' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, system_client_status: 'Deleted' });
    expect((await call(t, { url: '/orders?page=0', token })).body.total).toBe(0);
    const edit = await patch(token, id, { size: '2 pages' });
    expect(edit.status).toBe(409);
    expect(edit.body.error_type).toBe('order_deleted');
  });
});
