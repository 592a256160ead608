import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadGeekFile } from './helpers/files.ts';
import { dataOf, openStream } from './helpers/sse-client.ts';
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
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const staffStream = (token: string, headers: Record<string, string> = {}) =>
  openStream(base, token, headers, '', '/ops/events');
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const payInFull = (token: string, order: { _id: string; price: number }) =>
  call(t, {
    url: `/orders/${order._id}/pay`,
    token,
    body: { account_balance_use: Math.round(order.price * 100) },
  });

describe('GET /ops/events (decision 021, live back office)', () => {
  it("carries every student's task events to staff, and a student's stream only their own", async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const orderA = await pricedOrder(t, a.token, { pages: 1 });
    const orderB = await pricedOrder(t, b.token, { pages: 1 });
    await creditBalance(t, ops, a.id, 100);
    await creditBalance(t, ops, b.id, 100);

    const staff = staffStream(ops);
    const studentA = openStream(base, a.token);
    expect(await staff.opened).toBe(200);
    const ready = await staff.waitFor((e) => e.event === 'ready');
    await studentA.waitFor((e) => e.event === 'ready');

    // Student B pays: staff hear B's task change; A's stream hears nothing of it.
    expect((await payInFull(b.token, orderB)).status).toBe(200);
    const paidB = await staff.waitFor((e) => dataOf(e).order_id === orderB._id);
    expect(dataOf(paidB)).toEqual({ type: 'order', order_id: orderB._id });
    // Student A writes to the Account Manager: staff hear it, and so does A (their own task).
    const sent = await call(t, {
      url: `/orders/${orderA._id}/messages`,
      token: a.token,
      body: { message: 'Is anyone there?', to_user: 'operator' },
    });
    expect(sent.status).toBe(201);
    await staff.waitFor((e) => dataOf(e).type === 'message' && dataOf(e).order_id === orderA._id);
    await studentA.waitFor((e) => dataOf(e).type === 'message' && dataOf(e).order_id === orderA._id);
    const seenByA = studentA.events.filter((e) => e.data && e.event === undefined).map(dataOf);
    expect(seenByA.some((e) => e.order_id === orderB._id)).toBe(false);
    // A student's balance is not a task event: the credit above reached no staff stream.
    expect(staff.events.filter((e) => e.data && dataOf(e).type === 'balance')).toEqual([]);
    staff.close();
    studentA.close();

    // A reconnecting staff stream replays every task event it missed, whoever they were for.
    await until(() => t.app.live.hub.staff.subscriberCount === 0);
    expect((await payInFull(a.token, orderA)).status).toBe(200);
    const again = staffStream(ops, { 'last-event-id': ready.id ?? '' });
    await again.waitFor((e) => dataOf(e).order_id === orderA._id && dataOf(e).type === 'order');
    const replayed = again.events.map(dataOf).map((e) => `${e.type}:${e.order_id}`);
    again.close();
    expect(replayed).toEqual([`order:${orderB._id}`, `message:${orderA._id}`, `order:${orderA._id}`]);
    await until(() => t.app.live.hub.staff.subscriberCount === 0);
  });

  it('sends a replayed task event once, when its NOTIFY reaches the process after the replay read it', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token, { pages: 1 });
    const first = staffStream(ops);
    const ready = await first.waitFor((e) => e.event === 'ready');
    first.close();
    await until(() => t.app.live.hub.staff.subscriberCount === 0);
    await call(t, {
      url: `/ops/orders/${order._id}/notes`,
      token: ops,
      body: { body: 'while you were away' },
    });
    const again = staffStream(ops, { 'last-event-id': ready.id ?? '' });
    const replayed = await again.waitFor((e) => dataOf(e).order_id === order._id);
    // The same event's notice once more, as a NOTIFY delivered late; then a new event, which still arrives.
    t.app.live.hub.deliver({ id: Number(replayed.id), u: s.id, t: 'records', o: order._id });
    await call(t, { url: `/ops/orders/${order._id}/notes`, token: ops, body: { body: 'and now' } });
    await until(() => again.events.filter((e) => dataOf(e).order_id === order._id).length >= 2);
    const ids = again.events.filter((e) => e.data !== undefined).map((e) => e.id);
    again.close();
    expect(new Set(ids).size).toBe(ids.length);
    await until(() => t.app.live.hub.staff.subscriberCount === 0);
  });

  it("tells staff when a task's internal records change (a note, a Geek file), and never its student", async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token, { pages: 1 });
    await creditBalance(t, ops, s.id, 100);
    expect((await payInFull(s.token, order)).status).toBe(200);
    const staff = staffStream(ops);
    const student = openStream(base, s.token);
    const ready = await student.waitFor((e) => e.event === 'ready');
    await staff.waitFor((e) => e.event === 'ready');
    const records = (e: { data?: string }) =>
      dataOf(e).type === 'records' && dataOf(e).order_id === order._id;

    const note = await call(t, {
      url: `/ops/orders/${order._id}/notes`,
      token: ops,
      body: { body: 'Check refs' },
    });
    expect(note.status).toBe(201);
    await staff.waitFor(records);
    await uploadGeekFile(t, ops, order._id);
    await until(() => staff.events.filter(records).length === 2);

    // The student heard neither, live or replayed: a message after them is the next thing on their stream.
    await call(t, {
      url: `/ops/orders/${order._id}/messages`,
      token: ops,
      body: { message: 'Hi', sender_role: 'operator' },
    });
    await student.waitFor((e) => dataOf(e).type === 'message');
    expect(student.events.filter((e) => e.data && e.event === undefined).map((e) => dataOf(e).type)).toEqual([
      'message',
    ]);
    student.close();
    const replay = openStream(base, s.token, { 'last-event-id': ready.id ?? '' });
    await replay.waitFor((e) => dataOf(e).type === 'message');
    expect(replay.events.map((e) => dataOf(e).type)).toEqual(['message']);
    replay.close();
    staff.close();
    await until(() => t.app.live.hub.staff.subscriberCount === 0);
  });

  it("refuses a student's token (403) and no token (401)", async () => {
    const s = await signUpClient(t);
    const refused = staffStream(s.token);
    expect(await refused.opened).toBe(403);
    refused.close();
    const anonymous = openStream(base, '', {}, '', '/ops/events');
    expect(await anonymous.opened).toBe(401);
    anonymous.close();
    expect(t.app.live.hub.staff.subscriberCount).toBe(0);
  });
});
