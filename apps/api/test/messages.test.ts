import { MESSAGE_MAX_LENGTH } from '@geekly/domain/chat/message-schemas.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable } from '../src/db/schema.ts';
import { pdfBytes, postToLocalStorage, presign } from './helpers/files.ts';
import { keptFiguresDrift } from './helpers/sandbox-card.ts';
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

let t: TestApp;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
});
afterAll(async () => {
  // Decision 056: what the triggers keep agrees with the rows after every write of this file.
  expect(await keptFiguresDrift(t)).toEqual([]);
  await t?.close();
});

const send = (token: string, orderId: string, body: unknown) =>
  call(t, { url: `/orders/${orderId}/messages`, token, body });
const opsSend = (orderId: string, message: string, sender_role = 'operator') =>
  call(t, { url: `/ops/orders/${orderId}/messages`, token: ops, body: { message, sender_role } });

describe('task messages', () => {
  it('stores a client message once, oldest first, and shows the operator and Geek replies', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const sent = await send(s.token, order._id, { message: '  Hello, any news?  ', to_user: 'operator' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      sender_role: 'client',
      message: 'Hello, any news?',
      status: 'unread',
      files: [],
    });
    expect((await opsSend(order._id, 'We are on it')).status).toBe(201);
    expect((await opsSend(order._id, 'Draft tomorrow', 'writer')).status).toBe(201);

    const list = await call(t, { url: `/orders/${order._id}/messages`, token: s.token });
    expect(list.status).toBe(200);
    expect(
      list.body.results.map((m: { sender_role: string; message: string }) => [m.sender_role, m.message]),
    ).toEqual([
      ['client', 'Hello, any news?'],
      ['operator', 'We are on it'],
      ['writer', 'Draft tomorrow'],
    ]);
    const opsList = await call(t, { url: `/ops/orders/${order._id}/messages`, token: ops });
    expect(opsList.body.results).toHaveLength(3);
    // the task list counts them
    const orders = await call(t, { url: '/orders', token: s.token });
    expect(orders.body.results.find((o: { _id: string }) => o._id === order._id).messages_count).toBe(3);
  });

  it("names the Geek on the Geek's messages, the Geek who wrote each one, in one query however many", async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token, { pages: 1, hours: 100 });
    const addGeek = async (name: string) =>
      (
        await call(t, {
          url: '/ops/geeks',
          token: ops,
          body: { public_full_name: name, major: 'History', public_subjects: ['History'] },
        })
      ).body._id as string;
    const [first, second] = [await addGeek('Grace H.'), await addGeek('Marie C.')];
    await creditBalance(t, ops, s.id, 30);
    await call(t, { url: `/orders/${order._id}/pay`, token: s.token, body: { account_balance_use: 3000 } });
    const assign = (writer_id: string) =>
      call(t, {
        url: `/ops/orders/${order._id}/transitions`,
        token: ops,
        body: { name: 'assign_geek', writer_id },
      });
    expect((await assign(first)).status).toBe(200);
    const fromFirst = await opsSend(order._id, 'Starting now', 'writer');
    expect(fromFirst.body).toMatchObject({ sender_role: 'writer', name: 'Grace H.' });
    await opsSend(order._id, 'Your Geek is on it');
    await send(s.token, order._id, { message: 'Thanks' });

    // The statements of one read of the messages.
    const listed = async () => {
      const { n, result: res } = await countQueries(t, () =>
        call(t, { url: `/orders/${order._id}/messages`, token: s.token }),
      );
      expect(res.status).toBe(200);
      return { n, results: res.body.results as { sender_role: string; name: string | null }[] };
    };
    const few = await listed();
    expect(few.results.map((m) => [m.sender_role, m.name])).toEqual([
      ['writer', 'Grace H.'],
      ['operator', null],
      ['client', null],
    ]);
    // The task changes Geek (no transition does it yet; the column can): the old message keeps its writer's
    // name, the new ones carry the new Geek's.
    await t.db.update(ordersTable).set({ geekId: second }).where(eq(ordersTable.id, order._id));
    for (const text of ['Hello', 'Picking up', 'Draft soon', 'Done'])
      await opsSend(order._id, text, 'writer');
    const many = await listed();
    expect(many.results.filter((m) => m.sender_role === 'writer').map((m) => m.name)).toEqual([
      'Grace H.',
      'Marie C.',
      'Marie C.',
      'Marie C.',
      'Marie C.',
    ]);
    expect(many.n).toBe(few.n);

    // The bubble preview and the read answer carry it too.
    const n = await call(t, { url: '/notification?types=allmessages', token: s.token });
    expect(n.body.orders[0].last_message).toMatchObject({ message: 'Done', name: 'Marie C.' });
    const read = await call(t, {
      method: 'PATCH',
      url: `/orders/${order._id}/messages/${fromFirst.body._id}`,
      token: s.token,
      body: { status: 'read' },
    });
    expect(read.body).toMatchObject({ status: 'read', name: 'Grace H.' });
    // A message as the Geek on a task with no Geek names no one.
    const bare = await pricedOrder(t, s.token);
    expect((await opsSend(bare._id, 'Hi', 'writer')).body).toMatchObject({
      sender_role: 'writer',
      name: null,
    });
  });

  it('refuses an empty message without files and one over the length limit, storing nothing', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    for (const body of [
      { message: '' },
      { message: '   \n ' },
      {},
      { message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
    ]) {
      const res = await send(s.token, order._id, body);
      expect(res.status).toBe(422);
      expect(res.body.error_type).toBe('validation');
    }
    expect((await send(s.token, order._id, { message: 'x'.repeat(MESSAGE_MAX_LENGTH) })).status).toBe(201);
    expect((await send(s.token, order._id, { message: 'hi', to_user: 'writer' })).status).toBe(422);
    expect((await opsSend(order._id, ' ')).status).toBe(422);
    const list = await call(t, { url: `/orders/${order._id}/messages`, token: s.token });
    expect(list.body.results).toHaveLength(1);
  });

  it('counts unread messages not from the client and marks them read', async () => {
    const s = await signUpClient(t);
    const a = await pricedOrder(t, s.token);
    const b = await pricedOrder(t, s.token);
    await send(s.token, a._id, { message: 'mine' });
    const first = await opsSend(a._id, 'one');
    await opsSend(a._id, 'two');
    await opsSend(b._id, 'three', 'writer');

    const n = await call(t, { url: '/notification?types=allmessages', token: s.token });
    expect(n.status).toBe(200);
    expect(n.body.unread).toBe(3);
    const byOrder = Object.fromEntries(n.body.orders.map((o: { order_id: string }) => [o.order_id, o]));
    expect(byOrder[a._id]).toMatchObject({ unread: 2, last_message: { message: 'two' } });
    expect(byOrder[a._id].last_own_message_at).toEqual(expect.any(String));
    expect(byOrder[b._id]).toMatchObject({ unread: 1, last_own_message_at: null });

    const read = await call(t, {
      method: 'PATCH',
      url: `/orders/${a._id}/messages/${first.body._id}`,
      token: s.token,
      body: { status: 'read' },
    });
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('read');
    // the client's own message stays unread: only the operator reads it
    const mine = (await call(t, { url: `/orders/${a._id}/messages`, token: s.token })).body.results[0];
    const own = await call(t, {
      method: 'PATCH',
      url: `/orders/${a._id}/messages/${mine._id}`,
      token: s.token,
      body: { status: 'read' },
    });
    expect(own.body.status).toBe('unread');
    expect((await call(t, { url: '/notification?types=allmessages', token: s.token })).body.unread).toBe(2);
    // a message of another task through this task's path is not found
    const cross = await call(t, {
      method: 'PATCH',
      url: `/orders/${b._id}/messages/${first.body._id}`,
      token: s.token,
      body: { status: 'read' },
    });
    expect(cross.status).toBe(404);
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: `/orders/${a._id}/messages/x`,
          token: s.token,
          body: { status: 'unread' },
        })
      ).status,
    ).toBe(422);
  });

  it('lists the tasks the screens read: unread ones, the newest conversation and the last own message', async () => {
    const s = await signUpClient(t);
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => pricedOrder(t, s.token)));
    if (!a || !b || !c || !d || !e) throw new Error('tasks not created');
    const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000).toISOString();
    // Written straight into the table (each at its own time): the kept times follow every write path.
    const message = (orderId: string, role: string, hours: number, status = 'read') =>
      t.db.execute(sql`insert into order_messages (order_id, sender_role, message, status, created_at)
        values (${orderId}, ${role}, ${`at ${hours}`}, ${status}, ${at(hours)})`);
    await message(a._id, 'client', 1);
    await message(a._id, 'writer', 2);
    await message(b._id, 'operator', 3, 'unread');
    await message(e._id, 'operator', 1);
    await message(e._id, 'client', 4);
    await message(c._id, 'client', 5);
    await message(d._id, 'operator', 6);
    const notification = async () =>
      (await call(t, { url: '/notification?types=allmessages', token: s.token })).body as {
        unread: number;
        orders: {
          order_id: string;
          unread: number;
          last_message: { message: string } | null;
          last_own_message_at: string | null;
        }[];
      };
    const n = await notification();
    expect(n.unread).toBe(1);
    const byOrder = Object.fromEntries(n.orders.map((o) => [o.order_id, o]));
    // b: unread; d: the newest message (the chat opens it); c: the student's own last message (the bubble waits).
    expect(Object.keys(byOrder).sort()).toEqual([b._id, c._id, d._id].sort());
    expect(byOrder[b._id]).toMatchObject({ unread: 1, last_message: { message: 'at 3' } });
    expect(byOrder[d._id]).toMatchObject({ unread: 0, last_message: { message: 'at 6' } });
    expect(byOrder[c._id]).toMatchObject({ unread: 0, last_own_message_at: at(5) });
    // The newest message deleted, and the own last one's task removed: the next ones take their places.
    await t.db.execute(sql`delete from order_messages where order_id = ${d._id}`);
    await t.db.update(ordersTable).set({ clientRemove: true }).where(eq(ordersTable.id, c._id));
    const after = await notification();
    expect(after.orders.map((o) => o.order_id).sort()).toEqual([b._id, e._id].sort());
    expect(after.orders.find((o) => o.order_id === e._id)).toMatchObject({
      last_message: { message: 'at 4' },
      last_own_message_at: at(4),
    });
    expect(await keptFiguresDrift(t)).toEqual([]);
  });

  it("answers 404 on every call about another user's task", async () => {
    const owner = await signUpClient(t);
    const other = await signUpClient(t);
    const order = await pricedOrder(t, owner.token);
    const msg = await opsSend(order._id, 'for the owner only');
    expect((await call(t, { url: `/orders/${order._id}/messages`, token: other.token })).status).toBe(404);
    expect((await send(other.token, order._id, { message: 'hi' })).status).toBe(404);
    const patch = await call(t, {
      method: 'PATCH',
      url: `/orders/${order._id}/messages/${msg.body._id}`,
      token: other.token,
      body: { status: 'read' },
    });
    expect(patch.status).toBe(404);
    const n = await call(t, { url: '/notification?types=allmessages', token: other.token });
    expect(n.body).toEqual({ unread: 0, orders: [] });
    // nothing changed for the owner
    const list = await call(t, { url: `/orders/${order._id}/messages`, token: owner.token });
    expect(list.body.results).toEqual([
      expect.objectContaining({ status: 'unread', message: 'for the owner only' }),
    ]);
    expect((await call(t, { url: '/orders/not-a-uuid/messages', token: owner.token })).status).toBe(404);
  });

  it('keeps clients off the operator calls and staff off the client calls', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const res = await call(t, {
      url: `/ops/orders/${order._id}/messages`,
      token: s.token,
      body: { message: 'fake', sender_role: 'operator' },
    });
    expect(res.status).toBe(403);
    expect((await call(t, { url: `/orders/${order._id}/messages`, token: ops })).status).toBe(401);
    expect((await call(t, { url: `/orders/${order._id}/messages` })).status).toBe(401);
  });

  it('sends a file uploaded with context "msgs" once, and lets only the owner download it', async () => {
    const s = await signUpClient(t);
    const other = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const bytes = pdfBytes(2000);
    const signed = await presign(t, s.token, order._id, {
      name: 'notes.pdf',
      size: bytes.length,
      context: 'msgs',
    });
    expect(signed.status).toBe(201);
    const file = {
      location: signed.body.location,
      name: 'notes.pdf',
      size: bytes.length,
      type: 'application/pdf',
    };
    // not arrived yet: refused, nothing stored
    expect((await send(s.token, order._id, { message: '', files: [file] })).status).toBe(422);
    expect((await postToLocalStorage(t, signed.body, bytes)).status).toBe(204);
    // another user cannot send it, even on their own task
    const theirs = await pricedOrder(t, other.token);
    expect((await send(other.token, theirs._id, { files: [file] })).status).toBe(422);

    const sent = await send(s.token, order._id, { files: [file] });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      message: '',
      files: [{ name: 'notes.pdf', size: 2000, type: 'application/pdf' }],
    });
    // one upload goes with one message
    expect(
      (await send(s.token, order._id, { message: 'again', files: [file] })).status,
    ).toBeGreaterThanOrEqual(400);

    const fileId = sent.body.files[0]._id;
    const url = `/orders/${order._id}/messages/${sent.body._id}/files/${fileId}/download`;
    const download = await call(t, { url, token: s.token });
    expect(download.status).toBe(302);
    const got = await t.app.inject({
      method: 'GET',
      url:
        new URL(download.headers.location as string).pathname +
        new URL(download.headers.location as string).search,
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect((await call(t, { url, token: other.token })).status).toBe(404);
    const list = await call(t, { url: `/orders/${order._id}/messages`, token: s.token });
    expect(list.body.results).toHaveLength(1);
  });
});
