import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../src/db/schema.ts';
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
  // One student opens 1,000 streams below (decision 027 limits a user to 10 by default).
  t = await createTestApp({ EVENT_STREAMS_PER_USER: '1000' });
  ops = await staffToken(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const opsSend = (orderId: string, message: string) =>
  call(t, { url: `/ops/orders/${orderId}/messages`, token: ops, body: { message, sender_role: 'operator' } });
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A student whose stream was open, then closed while the Account Manager wrote `message`. */
async function missedWhileAway(message: string) {
  const s = await signUpClient(t);
  const order = await pricedOrder(t, s.token);
  const first = openStream(base, s.token);
  const ready = await first.waitFor((e) => e.event === 'ready');
  first.close();
  await opsSend(order._id, message);
  return { s, order, readyId: ready.id ?? '' };
}

describe('GET /events', () => {
  it("carries the user's message, order and balance events, and never another user's", async () => {
    const s = await signUpClient(t);
    const other = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const stream = openStream(base, s.token);
    const otherStream = openStream(base, other.token);
    expect(await stream.opened).toBe(200);
    await stream.waitFor((e) => e.event === 'ready');
    await otherStream.waitFor((e) => e.event === 'ready');

    await opsSend(order._id, 'Hello from the Account Manager');
    const msg = await stream.waitFor((e) => e.data?.includes('"message"') ?? false);
    expect(dataOf(msg)).toEqual({ type: 'message', order_id: order._id });
    expect(Number(msg.id)).toBeGreaterThan(0);

    await creditBalance(t, ops, s.id, 40);
    await stream.waitFor((e) => dataOf(e).type === 'balance');
    const paid = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: s.token,
      body: { account_balance_use: 4000, partial: true },
    });
    expect(paid.status).toBe(200);
    await stream.waitFor((e) => dataOf(e).type === 'order' && dataOf(e).order_id === order._id);

    // a refused change (nothing committed) publishes nothing
    const before = stream.events.length;
    const refused = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: s.token,
      body: { account_balance_use: 999999 },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await opsSend(order._id, 'marker');
    await stream.waitFor((e) => Number(e.id) > Number(msg.id) && dataOf(e).type === 'message' && e !== msg);
    expect(stream.events.slice(before).map((e) => dataOf(e).type)).toEqual(['message']);

    expect(otherStream.events.filter((e) => e.data && e.event === undefined)).toEqual([]);
    expect(await call(t, { url: '/events' }).then((r) => r.status)).toBe(401);
    // no HEAD: it would get the headers, then a connection with nothing ever to send
    const head = (url: string, token: string) =>
      call(t, { method: 'HEAD', url, token }).then((r) => r.status);
    expect(await head('/events', s.token)).toBe(404);
    expect(await head('/ops/events', ops)).toBe(404);
    stream.close();
    otherStream.close();
  });

  it('replays what a reconnecting stream missed from Last-Event-ID, and asks for a refetch when too old', async () => {
    const { s, order, readyId } = await missedWhileAway('while you were away 1');
    await opsSend(order._id, 'while you were away 2');

    const again = openStream(base, s.token, { 'last-event-id': readyId });
    await until(() => again.events.length >= 2);
    expect(again.events.map((e) => dataOf(e).type)).toEqual(['message', 'message']);
    expect(Number(again.events[1]?.id)).toBeGreaterThan(Number(again.events[0]?.id));
    again.close();
    // the same through the query parameter a tab taking over the shared stream uses
    const viaQuery = openStream(base, s.token, {}, `?last_event_id=${again.events[0]?.id}`);
    const replayed = await viaQuery.waitFor((e) => e.data !== undefined);
    expect(replayed.id).toBe(again.events[1]?.id);
    viaQuery.close();

    // every event pruned: a gap that cannot be replayed answers 'resync'
    await t.db.delete(liveEvents);
    const late = openStream(base, s.token, { 'last-event-id': again.events[1]?.id ?? '' });
    const resync = await late.waitFor((e) => e.event === 'resync');
    expect(resync.id).toBeDefined();
    late.close();
  });

  it('sends a replayed event once, when its NOTIFY reaches the process after the replay read it', async () => {
    const { s, order, readyId } = await missedWhileAway('while you were away');
    const again = openStream(base, s.token, { 'last-event-id': readyId });
    const replayed = await again.waitFor((e) => dataOf(e).type === 'message');
    // The same event's notice once more, as a NOTIFY delivered late (PostgreSQL's listener connection can lag).
    const id = Number(replayed.id);
    t.app.live.hub.deliver({ id, u: s.id, t: 'message', o: order._id });
    // A new event after it still arrives, and the stream has each event once.
    await opsSend(order._id, 'and now');
    await until(() => again.events.filter((e) => dataOf(e).type === 'message').length >= 2);
    const ids = again.events.filter((e) => e.data !== undefined).map((e) => e.id);
    again.close();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('frees every subscriber and its memory when 1,000 streams open and drop', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const s = await signUpClient(t);
    const hub = t.app.live.hub;
    const baseline = hub.subscriberCount;
    // warm up once so lazily built code does not count as held memory
    const warm = openStream(base, s.token);
    await warm.waitFor((e) => e.event === 'ready');
    warm.close();
    await until(() => hub.subscriberCount === baseline);
    gc();
    const heapBefore = process.memoryUsage().heapUsed;

    const streams = Array.from({ length: 1000 }, () => openStream(base, s.token));
    await Promise.all(streams.map((st) => st.opened));
    await until(() => hub.subscriberCount === baseline + 1000, 15_000);
    for (const st of streams) st.close();
    await until(() => hub.subscriberCount === baseline, 15_000);
    expect(hub.userCount).toBe(0);
    streams.length = 0;
    await new Promise((r) => setTimeout(r, 100));
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    // 1,000 streams held at ~10 KB each would be ~10 MB; what is left is noise.
    expect(heapAfter - heapBefore).toBeLessThan(3 * 1024 * 1024);
  }, 60_000);
});
