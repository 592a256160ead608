// Issue 26 item 2: a task created as the web app creates it (docs/product/tasks-and-pricing.md POST /orders: type 'Essay writing',
// partial_payment ticked) has a price, with the 30% deposit chosen, as soon as its pages are chosen.
import { NEW_TASK_DEFAULTS } from '@geekly/domain/orders/order-schemas.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('a new task starts as the spec says', () => {
  it("is an 'Essay writing' task with the deposit ticked, priced once its pages are set", async () => {
    const client = await signUpClient(t);
    const created = await call(t, {
      url: '/orders',
      token: client.token,
      body: { title: 'Essay on Hamlet', subject: 'English', ...NEW_TASK_DEFAULTS },
    });
    expect(created.status).toBe(201);
    const fresh = (await call(t, { url: `/orders/${created.body._id}`, token: client.token })).body;
    expect(fresh).toMatchObject({ request_type: 'Essay writing', price: null });
    expect(fresh.additional).toContain('partial_payment');
    // The deadline defaults to 72 hours ahead; choosing the pages is enough for a price.
    const priced = await call(t, {
      method: 'PATCH',
      url: `/orders/${created.body._id}`,
      token: client.token,
      body: { size: '2 pages', calc_quote: true },
    });
    expect(priced.status).toBe(200);
    expect(priced.body.price).toBeGreaterThan(0);
    expect(priced.body.partial_price).toBeCloseTo(Math.round(priced.body.price * 30) / 100, 2);
    expect(priced.body.additional).toContain('partial_payment');
  });
});
