import { orderResponseSchema } from '@geekly/domain/orders/order-response-schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countQueries,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Issue 34 item 2: each task of GET /orders carries `unread_messages`, read in the page's one statement.
let t: TestApp;
let ops: string;
let geekId: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  geekId = (
    await call(t, {
      url: '/ops/geeks',
      token: ops,
      body: { public_full_name: 'Ada L.', major: 'English', public_subjects: ['English'] },
    })
  ).body._id;
});
afterAll(() => t.close());

type Listed = { _id: string; unread_messages: number; messages_count: number };
const list = async (token: string) => {
  const res = await call(t, { url: '/orders?page=0', token });
  expect(res.status).toBe(200);
  return res.body.results as Listed[];
};
const unreadOf = async (token: string, orderId: string) =>
  (await list(token)).find((o) => o._id === orderId)?.unread_messages;
const opsSend = (orderId: string, message: string, sender_role: 'operator' | 'writer') =>
  call(t, { url: `/ops/orders/${orderId}/messages`, token: ops, body: { message, sender_role } });

/** A paid task with its Geek assigned, so the Geek can write. */
async function taskWithGeek(s: { token: string; id: string }) {
  const order = await pricedOrder(t, s.token, { pages: 1, hours: 100 });
  await creditBalance(t, ops, s.id, 40);
  const paid = await call(t, {
    url: `/orders/${order._id}/pay`,
    token: s.token,
    body: { account_balance_use: 4000 },
  });
  expect(paid.status).toBe(200);
  const assigned = await call(t, {
    url: `/ops/orders/${order._id}/transitions`,
    token: ops,
    body: { name: 'assign_geek', writer_id: geekId },
  });
  expect(assigned.status).toBe(200);
  return order._id as string;
}

describe('unread_messages on the task list', () => {
  it("counts the Geek's and the team's messages, not the student's own; reading one clears it", async () => {
    const s = await signUpClient(t);
    const orderId = await taskWithGeek(s);
    expect(await unreadOf(s.token, orderId)).toBe(0);

    const fromGeek = await opsSend(orderId, 'I have started on your essay', 'writer');
    expect(fromGeek.status).toBe(201);
    await opsSend(orderId, 'Your Geek is on it', 'operator');
    await call(t, { url: `/orders/${orderId}/messages`, token: s.token, body: { message: 'Thank you!' } });
    expect(await unreadOf(s.token, orderId)).toBe(2);
    // The task's own view says the same.
    const one = await call(t, { url: `/orders/${orderId}`, token: s.token });
    expect(one.body.unread_messages).toBe(2);
    expect(one.body.messages_count).toBe(3);

    const read = await call(t, {
      method: 'PATCH',
      url: `/orders/${orderId}/messages/${fromGeek.body._id}`,
      token: s.token,
      body: { status: 'read' },
    });
    expect(read.status).toBe(200);
    expect(await unreadOf(s.token, orderId)).toBe(1);
  });

  it("never counts another student's messages", async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const aTask = await taskWithGeek(a);
    const bTask = await pricedOrder(t, b.token);
    await opsSend(aTask, 'For student A only', 'writer');
    await opsSend(aTask, 'Another for A', 'operator');
    expect(await unreadOf(a.token, aTask)).toBe(2);
    const bList = await list(b.token);
    expect(bList.map((o) => o._id)).toEqual([bTask._id]);
    expect(bList[0]?.unread_messages).toBe(0);
  });

  it('reads a page in one statement, however many tasks have unread messages', async () => {
    const s = await signUpClient(t);
    const first = await taskWithGeek(s);
    await opsSend(first, 'One', 'operator');
    const page = async () => {
      const { n, result } = await countQueries(t, () => call(t, { url: '/orders?page=0', token: s.token }));
      expect(result.status).toBe(200);
      return { n, results: result.body.results as Listed[] };
    };
    const small = await page();
    expect(small.n).toBe(1);
    for (let i = 0; i < 4; i++) {
      const id = await taskWithGeek(s);
      await opsSend(id, `Hello ${i}`, 'writer');
      await opsSend(id, `Again ${i}`, 'operator');
    }
    const large = await page();
    expect(large.results).toHaveLength(5);
    expect(large.n).toBe(1);
    expect(large.results.map((o) => o.unread_messages).sort()).toEqual([1, 2, 2, 2, 2]);
    for (const view of large.results) expect(orderResponseSchema.parse(view)).toEqual(view);
  });
});
