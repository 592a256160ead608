import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks, orders } from '../src/db/schema.ts';
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
let client: { token: string; id: string };
const ids: Record<string, string> = {};

const list = async (query: string, token = client.token) => call(t, { url: `/orders?${query}`, token });
const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: ops, body: { name, ...extra } });

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  client = await signUpClient(t);
  const [geek] = await t.db.insert(geeks).values({ publicFullName: 'G.', major: 'English' }).returning();
  // 55 unpaid tasks straight in the table (the list only reads them), then three paid through the API.
  const deadline = new Date(Date.now() + 100 * 3_600_000);
  await t.db.insert(orders).values(
    Array.from({ length: 55 }, (_, i) => ({
      userId: client.id,
      title: `Unpaid task ${i + 1}`,
      subject: 'English',
      deadline,
    })),
  );
  await creditBalance(t, ops, client.id, 300);
  const pay = (id: string, body: Record<string, unknown>) =>
    call(t, { url: `/orders/${id}/pay`, token: client.token, body });
  ids.full = (await pricedOrder(t, client.token, { pages: 1 }))._id;
  await pay(ids.full, { account_balance_use: 10_000 });
  ids.deposit = (await pricedOrder(t, client.token, { pages: 2 }))._id;
  await pay(ids.deposit, { account_balance_use: 10_000, partial: true });
  ids.done = (await pricedOrder(t, client.token, { pages: 1 }))._id;
  await pay(ids.done, { account_balance_use: 10_000 });
  await operate(ids.done, 'assign_geek', { writer_id: geek?.id });
  await operate(ids.done, 'start_work');
  await uploadGeekFile(t, ops, ids.done);
  await operate(ids.done, 'deliver');
});
afterAll(async () => t?.close());

describe('the task list on the server', () => {
  it('pages past 50 tasks', async () => {
    const first = await list('page=0');
    expect(first.body.total).toBe(58);
    expect(first.body.results).toHaveLength(50);
    const second = await list('page=1');
    expect(second.body.results).toHaveLength(8);
    const seen = new Set([...first.body.results, ...second.body.results].map((o: { _id: string }) => o._id));
    expect(seen.size).toBe(58);
  });

  it('filters by payment type, past the first page', async () => {
    const unpaid = await list('payment=unpaid&page=1');
    expect(unpaid.body.total).toBe(55);
    expect(unpaid.body.results).toHaveLength(5);
    expect(unpaid.body.results.every((o: { client_paid: number }) => o.client_paid === 0)).toBe(true);
    const full = await list('payment=full');
    expect(full.body.results.map((o: { _id: string }) => o._id).sort()).toEqual([ids.full, ids.done].sort());
    expect(full.body.results.every((o: { payment_state: string }) => o.payment_state === 'fully_paid')).toBe(
      true,
    );
    const partial = await list('payment=partial');
    expect(partial.body).toMatchObject({
      total: 1,
      results: [{ _id: ids.deposit, payment_state: 'partially_paid' }],
    });
  });

  it('filters by status, alone and with the payment type', async () => {
    const completed = await list('status=completed');
    expect(completed.body).toMatchObject({ total: 1, results: [{ _id: ids.done }] });
    const looking = await list('status=looking');
    expect(looking.body.total).toBe(2);
    const both = await list('status=looking&payment=partial');
    expect(both.body).toMatchObject({ total: 1, results: [{ _id: ids.deposit }] });
    expect((await list('status=refund')).body).toEqual({ results: [], total: 0 });
  });

  it("refuses unknown filter values, and shows no one else's tasks", async () => {
    const bad = await list('payment=some');
    expect(bad.status).toBe(422);
    expect((await list('status=paid')).status).toBe(422);
    const other = await signUpClient(t);
    expect((await list('payment=unpaid', other.token)).body).toEqual({ results: [], total: 0 });
  });

  it('documents the filters in OpenAPI', async () => {
    const spec = (await call(t, { url: '/openapi.json' })).body;
    const params = spec.paths['/api/v3/orders'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'payment', 'status']));
  });
});

describe('what a later deadline saves', () => {
  it('prices the next deadlines with the quote code, for the deadline being chosen', async () => {
    const order = await pricedOrder(t, client.token, { pages: 2, hours: 20 }); // 12–24 h band: 41.15 a page
    expect(order.price).toBe(82.3);
    const res = await call(t, { url: `/orders/${order._id}/deadline-prices`, token: client.token });
    expect(res.status).toBe(200);
    expect(res.body.price).toBe(82.3);
    // +1 day: 44 h (24–48 band, 35.45), +2 days: 68 h (48–96, 31.15), +3 days: 92 h (same band).
    expect(res.body.later.map((l: { price: number }) => l.price)).toEqual([70.9, 62.3, 62.3]);
    expect(res.body.later.map((l: { saving: number }) => l.saving)).toEqual([11.4, 20, 20]);
    // Each neighbour costs exactly what the task's own quote says once that deadline is saved.
    const moved = await call(t, {
      method: 'PATCH',
      url: `/orders/${order._id}`,
      token: client.token,
      body: { deadline: res.body.later[0].deadline, calc_quote: true },
    });
    expect(moved.body.price).toBe(res.body.later[0].price);

    const chosen = new Date(Date.now() + 200 * 3_600_000).toISOString(); // 168+ band: no cheaper one
    const far = await call(t, {
      url: `/orders/${order._id}/deadline-prices?deadline=${encodeURIComponent(chosen)}`,
      token: client.token,
    });
    expect(far.body).toMatchObject({ price: 48.5, later: [{ saving: 0 }, { saving: 0 }, { saving: 0 }] });
  });

  it('offers nothing for a paid task, 404 for another client, 422 for a bad deadline', async () => {
    const paid = await call(t, { url: `/orders/${ids.full}/deadline-prices`, token: client.token });
    expect(paid.body).toMatchObject({ price: null, later: [] });
    const other = await signUpClient(t);
    expect((await call(t, { url: `/orders/${ids.full}/deadline-prices`, token: other.token })).status).toBe(
      404,
    );
    const bad = await call(t, {
      url: `/orders/${ids.full}/deadline-prices?deadline=soon`,
      token: client.token,
    });
    expect(bad.status).toBe(422);
  });
});
