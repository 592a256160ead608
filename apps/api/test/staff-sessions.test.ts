import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Issue 23 item 1, decision 027: staff sessions are short, renewed while in use, and revoked on the server
// (log-out, an admin disabling the account, changing its role or ending its sessions).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffToken(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.offsetMs = 0;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function staff(role: 'admin' | 'support' = 'support') {
  const email = `staff-${randomBytes(3).toString('hex')}@geekly.example`;
  const password = 'staff password 1';
  const { id } = await upsertStaffAccount(t.db, email, password, role);
  const token = await logIn(email, password);
  return { id, email, password, token };
}

async function logIn(email: string, password: string) {
  const res = await call(t, { url: '/ops/session', body: { email, password }, ip: t.nextIp() });
  expect(res.status).toBe(200);
  return res.body.jwt as string;
}

const meStatus = async (token: string) => (await call(t, { url: '/ops/me', token })).status;
const patchStaff = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { method: 'PATCH', url: `/ops/staff/${id}`, token, body });
const endSessions = (token: string, id: string) =>
  call(t, { method: 'DELETE', url: `/ops/staff/${id}/sessions`, token });
const auditOf = async (subjectId: string) =>
  (await auditLogOf(t, admin)).filter((a) => a.subject_id === subjectId);

describe('staff log-out (POST /ops/logout)', () => {
  it('revokes the token on the server: it is refused from then on', async () => {
    const s = await staff();
    expect(await meStatus(s.token)).toBe(200);
    const out = await call(t, { method: 'POST', url: '/ops/logout', token: s.token });
    expect(out.status).toBe(204);
    expect(await meStatus(s.token)).toBe(401);
    // Logging in again gives a working token; the old one stays refused.
    const again = await logIn(s.email, s.password);
    expect(await meStatus(again)).toBe(200);
    expect(await meStatus(s.token)).toBe(401);
  });

  it("refuses a client's token and a token already logged out", async () => {
    const client = await signUpClient(t);
    expect((await call(t, { method: 'POST', url: '/ops/logout', token: client.token })).status).toBe(403);
    const s = await staff();
    expect((await call(t, { method: 'POST', url: '/ops/logout', token: s.token })).status).toBe(204);
    expect((await call(t, { method: 'POST', url: '/ops/logout', token: s.token })).status).toBe(401);
  });
});

describe('staff token life', () => {
  it('ends after 2 hours without use', async () => {
    const s = await staff();
    t.clock.offsetMs = 2 * HOUR + MINUTE;
    expect(await meStatus(s.token)).toBe(401);
  });

  it('is renewed while in use (x-staff-token), and never lasts past 12 hours from the log-in', async () => {
    const s = await staff();
    // A fresh token is not renewed on every call.
    expect((await call(t, { url: '/ops/me', token: s.token })).headers['x-staff-token']).toBeUndefined();
    let token = s.token;
    for (let hour = 1; hour <= 10; hour++) {
      t.clock.offsetMs = hour * HOUR;
      const res = await call(t, { url: '/ops/me', token });
      expect(res.status).toBe(200);
      const renewed = res.headers['x-staff-token'];
      expect(typeof renewed).toBe('string');
      token = renewed as string;
    }
    // The first token expired long ago. The one renewed at 10 hours lasts until 12 hours after the log-in, and a
    // renewal cannot take it further.
    expect(await meStatus(s.token)).toBe(401);
    t.clock.offsetMs = 12 * HOUR - MINUTE;
    const last = await call(t, { url: '/ops/me', token });
    expect(last.status).toBe(200);
    expect(last.headers['x-staff-token']).toBeUndefined();
    t.clock.offsetMs = 12 * HOUR + MINUTE;
    expect(await meStatus(token)).toBe(401);
  });

  it('refuses a long-lived token of the kind staff were given before (365 days)', async () => {
    const s = await staff();
    const old = await t.ctx.tokens.sign({ userId: s.id, tokenVersion: 0 });
    expect(await meStatus(old)).toBe(401);
  });
});

describe('an admin manages staff sessions (PATCH /ops/staff/{id}, DELETE /ops/staff/{id}/sessions)', () => {
  it('disabling an account revokes its tokens and refuses its log-in; enabling it lets it log in again', async () => {
    const s = await staff();
    const res = await patchStaff(admin, s.id, { disabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: s.id, email: s.email, staff_role: 'support', disabled: true });
    expect(await meStatus(s.token)).toBe(401);
    const refused = await call(t, {
      url: '/ops/session',
      body: { email: s.email, password: s.password },
      ip: t.nextIp(),
    });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe('Wrong e-mail or password');
    const listed = (await call(t, { url: '/ops/staff', token: admin })).body.results.find(
      (a: { _id: string }) => a._id === s.id,
    );
    expect(listed.disabled).toBe(true);

    expect((await patchStaff(admin, s.id, { disabled: false })).body.disabled).toBe(false);
    expect(await meStatus(await logIn(s.email, s.password))).toBe(200);
    expect(await meStatus(s.token)).toBe(401);
    expect((await auditOf(s.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['staff_update', { disabled: true }, { disabled: false }],
      ['staff_update', { disabled: false }, { disabled: true }],
    ]);
  });

  it('a password reset by npm run staff:create enables a disabled account (how access comes back)', async () => {
    const s = await staff();
    expect((await patchStaff(admin, s.id, { disabled: true })).status).toBe(200);
    await upsertStaffAccount(t.db, s.email, 'a new staff password', 'support');
    expect(await meStatus(await logIn(s.email, 'a new staff password'))).toBe(200);
    expect(await meStatus(s.token)).toBe(401);
  });

  it('changing the role revokes the tokens: the new role starts with a new log-in', async () => {
    const s = await staff('support');
    const res = await patchStaff(admin, s.id, { staff_role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.staff_role).toBe('admin');
    expect(await meStatus(s.token)).toBe(401);
    const again = await logIn(s.email, s.password);
    expect((await call(t, { url: '/ops/me', token: again })).body.staff_role).toBe('admin');
    // The same role again changes nothing, so nothing is revoked.
    expect((await patchStaff(admin, s.id, { staff_role: 'admin' })).status).toBe(200);
    expect(await meStatus(again)).toBe(200);
    expect((await auditOf(s.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['staff_update', { staff_role: 'support' }, { staff_role: 'admin' }],
    ]);
  });

  it("ends a staff member's sessions, with an audit row; the account can log in again", async () => {
    const s = await staff();
    const second = await logIn(s.email, s.password);
    expect((await endSessions(admin, s.id)).status).toBe(204);
    expect(await meStatus(s.token)).toBe(401);
    expect(await meStatus(second)).toBe(401);
    expect(await meStatus(await logIn(s.email, s.password))).toBe(200);
    expect((await auditOf(s.id)).map((a) => a.action)).toEqual(['staff_sessions_end']);
  });

  it('is for admins only, on staff accounts only, and never on the admin’s own account', async () => {
    const s = await staff('support');
    const other = await staff('support');
    expect((await patchStaff(s.token, other.id, { disabled: true })).status).toBe(403);
    expect((await endSessions(s.token, other.id)).status).toBe(403);
    expect(await meStatus(other.token)).toBe(200);

    const client = await signUpClient(t);
    expect((await patchStaff(admin, client.id, { disabled: true })).status).toBe(404);
    expect((await endSessions(admin, client.id)).status).toBe(404);
    expect((await call(t, { url: '/users/client/me', token: client.token })).status).toBe(200);
    expect((await patchStaff(admin, 'not-a-uuid', { disabled: true })).status).toBe(404);

    const me = (await call(t, { url: '/ops/me', token: admin })).body._id as string;
    const own = await patchStaff(admin, me, { disabled: true });
    expect(own.status).toBe(403);
    expect(own.body.error_type).toBe('own_account');
    expect((await patchStaff(admin, me, { staff_role: 'support' })).status).toBe(403);
    expect(await meStatus(admin)).toBe(200);
    expect((await patchStaff(admin, other.id, {})).status).toBe(422);
  });
});

describe('the queue checks the staff session in its own statement (GET /ops/orders, issue 36)', () => {
  // The queue's route lets through any live staff token and its statement checks the account (decision 025's
  // pattern): a page with rows (the refund group), an empty page (the check group, counted apart) and a search
  // (built per call) each refuse what requireStaff refuses elsewhere.
  const pages = (number: number) => ['group=refund', 'group=check', '', `q=${number}`];
  const statuses = async (token: string, number: number) =>
    Promise.all(pages(number).map(async (q) => (await call(t, { url: `/ops/orders?${q}`, token })).status));

  it('answers a live staff session, and refuses one logged out, disabled, or of another role', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token);
    await t.db.execute(sql`update orders set system_client_status = 'Refund Requested', paid_cents = 1000
      where id = ${order._id}`);
    const number = order.number as number;
    const s = await staff();
    const refunds = await call(t, { url: '/ops/orders?group=refund', token: s.token });
    expect(refunds.body.results.map((r: { _id: string }) => r._id)).toContain(order._id);
    expect(await statuses(s.token, number)).toEqual([200, 200, 200, 200]);

    // A client's token: 403, as on every staff call.
    expect(await statuses(client.token, number)).toEqual([403, 403, 403, 403]);

    // Disabled without its tokens revoked (only the statement's own check can refuse it), with a token old enough
    // to be renewed: 401, and no renewed token with the refusal.
    t.clock.offsetMs = 6 * MINUTE;
    expect(
      (await call(t, { url: '/ops/orders?group=refund', token: s.token })).headers['x-staff-token'],
    ).toBeTruthy();
    await t.db.execute(sql`update users set staff_disabled_at = now() where id = ${s.id}`);
    expect(await statuses(s.token, number)).toEqual([401, 401, 401, 401]);
    const refused = await call(t, { url: '/ops/orders?group=refund', token: s.token });
    expect(refused.headers['x-staff-token']).toBeUndefined();

    // Logged out: the token's version is stale.
    const other = await staff();
    expect((await call(t, { method: 'POST', url: '/ops/logout', token: other.token })).status).toBe(204);
    expect(await statuses(other.token, number)).toEqual([401, 401, 401, 401]);
  });
});
