import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks, users } from '../src/db/schema.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
// A clock far ahead of the rows the seed and other calls create, so only this file's rows are in range.
const NOW = new Date('2031-03-10T12:00:00Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /public/stats', () => {
  it('counts enabled Geeks seen in the last 15 minutes and client sign-ups of the last 7 days', async () => {
    t.ctx.now = () => NOW;
    const geek = (lastSeenAt: Date | null, isDisabled = false) => ({
      publicFullName: 'G.',
      major: 'English',
      lastSeenAt,
      isDisabled,
    });
    await t.db.insert(geeks).values([
      geek(ago(14 * MIN + 59_000)), // in
      geek(ago(1000)), // in
      geek(ago(15 * MIN + 1000)), // just out
      geek(ago(1000), true), // disabled
      geek(null), // never seen
    ]);
    const created = async (at: Date, role: 'client' | 'staff' = 'client') => {
      const { id } = await signUpClient(t);
      await t.db.update(users).set({ createdAt: at, role }).where(eq(users.id, id));
    };
    await created(ago(7 * DAY - MIN)); // in
    await created(ago(MIN)); // in
    await created(ago(7 * DAY + MIN)); // out
    await created(ago(MIN), 'staff'); // not a client

    const res = await call(t, { url: '/public/stats' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ geeks_online: 2, signups_last_week: 2 });
    // No log-in or cookie needed, and no other field.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
