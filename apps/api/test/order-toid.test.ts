import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const create = (token: string, body: Record<string, unknown>) => call(t, { url: '/orders', token, body });
const ordersOf = async (userId: string) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n;

describe('POST /orders with a toid (the pending task of decision 011)', () => {
  it('creates the task once: the same toid answers the same _id', async () => {
    const client = await signUpClient(t);
    const body = { title: 'Essay on Hamlet', subject: 'English', toid: 'toid-123' };
    const first = await create(client.token, body);
    const again = await create(client.token, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(await ordersOf(client.id)).toBe(1);
    // Another toid, or none, is another task.
    const other = await create(client.token, { ...body, toid: 'toid-456' });
    const plain = await create(client.token, { title: 'Essay on Hamlet', subject: 'English' });
    expect(new Set([first.body._id, other.body._id, plain.body._id]).size).toBe(3);
    expect(await ordersOf(client.id)).toBe(3);
  });

  it('keeps toids per user: another user’s toid makes that user’s own task', async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const body = { title: 'Lab report', subject: 'Biology', toid: 'shared-toid' };
    const ra = await create(a.token, body);
    const rb = await create(b.token, body);
    expect(rb.body._id).not.toBe(ra.body._id);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, rb.body._id), eq(orders.userId, b.id)));
    expect(row).toBeDefined();
  });

  it('creates one task when the same toid arrives twice at once', async () => {
    const client = await signUpClient(t);
    for (let round = 0; round < 4; round++) {
      const body = { title: 'Essay', subject: 'English', toid: `race-${round}` };
      const [x, y] = await Promise.all([create(client.token, body), create(client.token, body)]);
      expect([x.status, y.status]).toEqual([201, 201]);
      expect(y.body._id).toBe(x.body._id);
    }
    expect(await ordersOf(client.id)).toBe(4);
  });

  it('validates the toid', async () => {
    const client = await signUpClient(t);
    const res = await create(client.token, { title: 'T', subject: 'English', toid: 'x'.repeat(101) });
    expect(res.status).toBe(422);
    expect(res.body.error_value.toid).toBeDefined();
    expect(await ordersOf(client.id)).toBe(0);
  });
});
