import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import { openStream } from './helpers/sse-client.ts';
import { call, createTestApp, signUpClient, staffToken, type TestApp } from './helpers/test-app.ts';

// Issue 23 items 2 and 9, decision 027: a revoked session's event streams end (students' and staff's), and a
// user holds at most EVENT_STREAMS_PER_USER streams (the oldest closes).
let t: TestApp;
let admin: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffToken(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.offsetMs = 0;
});

type Stream = ReturnType<typeof openStream>;
const studentStream = async (token: string) => {
  const s = openStream(base, token);
  expect(await s.opened).toBe(200);
  await s.waitFor((e) => e.event === 'ready');
  return s;
};
const staffStream = async (token: string) => {
  const s = openStream(base, token, {}, '', '/ops/events');
  expect(await s.opened).toBe(200);
  await s.waitFor((e) => e.event === 'ready');
  return s;
};
/** 'ended' when the server closed the stream within `ms`, else 'open'. */
const state = (s: Stream, ms = 3000) =>
  Promise.race([s.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), ms).unref())]);
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

async function staff(role: 'admin' | 'support' = 'support') {
  const email = `staff-${randomBytes(3).toString('hex')}@geekly.example`;
  const { id } = await upsertStaffAccount(t.db, email, 'staff password 1', role);
  return { id, email, token: await logIn(email) };
}

async function logIn(email: string) {
  const res = await call(t, {
    url: '/ops/session',
    body: { email, password: 'staff password 1' },
    ip: t.nextIp(),
  });
  expect(res.status).toBe(200);
  return res.body.jwt as string;
}

describe("a revoked session's event streams end (GET /events)", () => {
  it('log-out ends every stream of the student, on every device; another student’s stays open', async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const laptop = await studentStream(a.token);
    const phone = await studentStream(a.token);
    const other = await studentStream(b.token);
    expect((await call(t, { method: 'POST', url: '/logout', token: a.token })).status).toBe(204);
    expect(await state(laptop)).toBe('ended');
    expect(await state(phone)).toBe('ended');
    expect(await state(other, 300)).toBe('open');
    // The same token cannot open a new one.
    expect(await openStream(base, a.token).opened).toBe(401);
    other.close();
  });

  it('a password change (a restored password used) ends the streams of older sessions', async () => {
    const a = await signUpClient(t);
    const stream = await studentStream(a.token);
    expect(
      (await call(t, { url: '/users/client/restore', body: { email: a.email }, ip: t.nextIp() })).status,
    ).toBe(200);
    await t.ctx.mailer.drain();
    const mail = t.sentMail().find((m) => m.includes(`To: ${a.email}`) && m.includes('new Geekly password'));
    const newPassword = /new Geekly password: (\S+)/.exec(mail ?? '')?.[1] ?? '';
    const login = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: a.email, code: newPassword, get_user: true },
      ip: t.nextIp(),
    });
    expect(login.status).toBe(200);
    expect(await state(stream)).toBe('ended');
    // The new session's stream is not touched by the change it came after.
    const fresh = await studentStream(login.body.jwt);
    expect(await state(fresh, 300)).toBe('open');
    fresh.close();
  });
});

describe("a revoked staff session's event streams end (GET /ops/events)", () => {
  it('staff log-out ends the staff member’s streams, and no other staff member’s', async () => {
    const s = await staff();
    const mine = await staffStream(s.token);
    const theirs = await staffStream(admin);
    expect((await call(t, { method: 'POST', url: '/ops/logout', token: s.token })).status).toBe(204);
    expect(await state(mine)).toBe('ended');
    expect(await state(theirs, 300)).toBe('open');
    theirs.close();
  });

  it('disabling the account, changing its role and ending its sessions each end its streams', async () => {
    const s = await staff();
    const revokers = [
      () =>
        call(t, { method: 'PATCH', url: `/ops/staff/${s.id}`, token: admin, body: { staff_role: 'admin' } }),
      () => call(t, { method: 'DELETE', url: `/ops/staff/${s.id}/sessions`, token: admin }),
      () => call(t, { method: 'PATCH', url: `/ops/staff/${s.id}`, token: admin, body: { disabled: true } }),
    ];
    for (const revoke of revokers) {
      const stream = await staffStream(await logIn(s.email));
      expect((await revoke()).status).toBeLessThan(300);
      expect(await state(stream)).toBe('ended');
    }
  });

  it('a staff stream ends once its token has expired (2 hours without use)', async () => {
    const s = await staff();
    const stream = await staffStream(s.token);
    t.app.live.hub.beat(t.ctx.now());
    expect(await state(stream, 300)).toBe('open');
    t.clock.offsetMs = 2 * 3_600_000 + 60_000;
    t.app.live.hub.beat(t.ctx.now());
    expect(await state(stream)).toBe('ended');
  });
});

describe('event streams per user (EVENT_STREAMS_PER_USER, 10 by default)', () => {
  it('opening an 11th stream closes the oldest; other users are not counted', async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const others = await studentStream(b.token);
    const streams: Stream[] = [];
    for (let i = 0; i < 10; i++) streams.push(await studentStream(a.token));
    expect(await state(streams[0] as Stream, 300)).toBe('open');
    streams.push(await studentStream(a.token));
    expect(await state(streams[0] as Stream)).toBe('ended');
    for (const s of streams.slice(1)) expect(await state(s, 50)).toBe('open');
    expect(await state(others, 50)).toBe('open');
    for (const s of [...streams, others]) s.close();
    await until(() => t.app.live.hub.subscriberCount === 0);
  });

  it('holds for staff streams too', async () => {
    const s = await staff();
    const streams: Stream[] = [];
    for (let i = 0; i < 11; i++) streams.push(await staffStream(s.token));
    expect(await state(streams[0] as Stream)).toBe('ended');
    for (const st of streams.slice(1)) expect(await state(st, 50)).toBe('open');
    for (const st of streams) st.close();
    await until(() => t.app.live.hub.staff.subscriberCount === 0);
  });
});
