import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, geekLogins, geeks } from '../src/db/schema.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';
import { approvedGeek, mailsTo, setPasswordToken, ws } from './helpers/workspace.ts';

// Issue 31 items 1 and 2, decision 047: Geek log-ins are their own kind of token; applications become Geeks.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
});
afterAll(() => t?.close());

describe('applications in the back office', () => {
  it('lists a Geek application without its password, approves it into a Geek who signs in with that password', async () => {
    const geek = await approvedGeek(t, admin, {
      name: 'Ada King Lovelace',
      subjects: ['English', 'History'],
    });
    const list = await call(t, { url: '/ops/applications?kind=geek', token: admin });
    expect(list.status).toBe(200);
    const row = list.body.results.find((a: { _id: string }) => a._id === geek.applicationId);
    expect(row).toMatchObject({
      email: geek.email,
      status: 'approved',
      geek_id: geek.id,
      expertise: 'Compilers',
    });
    expect(JSON.stringify(list.body)).not.toContain('password');
    expect(JSON.stringify(list.body)).not.toContain('argon2');
    // The password is stored hashed, never as sent.
    const [stored] = await t.db.select().from(applications).where(eq(applications.id, geek.applicationId));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(geek.session.status).toBe(200);
    expect(geek.session.body.geek).toMatchObject({
      _id: geek.id,
      public_full_name: 'Ada L.',
      public_subjects: ['English', 'History'],
      available: true,
      must_change_password: false,
    });
    const audit = await auditLogOf(t, admin);
    expect(audit.some((a) => a.action === 'application_approve' && a.subject_id === geek.id)).toBe(true);
    expect(
      (await mailsTo(t, geek.email)).some((m) => m.includes('http://localhost:3000/workspace/login')),
    ).toBe(true);
    // Decided once.
    const again = await call(t, {
      url: `/ops/applications/${geek.applicationId}/approve`,
      token: admin,
      body: {},
    });
    expect(again.status).toBe(409);
  });

  it('rejects with a reason: mailed, audited, no Geek made', async () => {
    const applied = await call(t, {
      url: '/applications',
      ip: t.nextIp(),
      body: {
        kind: 'geek',
        name: 'Rex',
        email: 'rex@example.com',
        password: 'abcdefgh',
        expertise: 'x',
        subject: 'y',
      },
    });
    const empty = await call(t, {
      url: `/ops/applications/${applied.body._id}/reject`,
      token: admin,
      body: { reason: ' ' },
    });
    expect(empty.status).toBe(422);
    const res = await call(t, {
      url: `/ops/applications/${applied.body._id}/reject`,
      token: admin,
      body: { reason: 'We need more experience in the subject' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      reason: 'We need more experience in the subject',
      geek_id: null,
    });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, applied.body._id));
    expect(rows.map((r) => r.action)).toEqual(['application_reject']);
    expect((await mailsTo(t, 'rex@example.com')).some((m) => m.includes('more experience'))).toBe(true);
    const login = await t.db.select().from(geekLogins).where(eq(geekLogins.email, 'rex@example.com'));
    expect(login).toEqual([]);
    expect(
      (await call(t, { url: '/workspace/session', body: { email: 'rex@example.com', password: 'abcdefgh' } }))
        .status,
    ).toBe(400);
  });

  it('makes a Geek whose application password is under 8 characters change it first', async () => {
    const geek = await approvedGeek(t, admin, { password: 'short1' });
    expect(geek.session.body.geek.must_change_password).toBe(true);
    expect((await ws(t, geek.token, '/offers')).status).toBe(403);
    expect((await ws(t, geek.token, '/me')).status).toBe(200);
    const tooShort = await ws(t, geek.token, '/me/password', {
      current_password: 'short1',
      new_password: 'short2',
    });
    expect(tooShort.status).toBe(422);
    const changed = await ws(t, geek.token, '/me/password', {
      current_password: 'short1',
      new_password: 'a longer one',
    });
    expect(changed.status).toBe(200);
    expect((await ws(t, changed.body.jwt, '/offers')).status).toBe(200);
    // The old token ended with the change.
    expect((await ws(t, geek.token, '/me')).status).toBe(401);
  });

  it('refuses applications and approvals to a student token and to no token', async () => {
    const student = await signUpClient(t);
    expect((await call(t, { url: '/ops/applications?kind=geek', token: student.token })).status).toBe(403);
    expect((await call(t, { url: '/ops/applications?kind=geek' })).status).toBe(401);
  });
});

describe('Geek sessions (decision 047)', () => {
  it('refuses a wrong password and an unknown e-mail alike, and limits failures', async () => {
    const geek = await approvedGeek(t, admin);
    const ip = t.nextIp();
    const wrong = await call(t, {
      url: '/workspace/session',
      ip,
      body: { email: geek.email, password: 'nope nope' },
    });
    expect(wrong.status).toBe(400);
    const unknown = await call(t, {
      url: '/workspace/session',
      ip,
      body: { email: 'x@example.com', password: 'nope' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(wrong.body.detail);
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (
        await call(t, { url: '/workspace/session', ip, body: { email: geek.email, password: `bad ${i}` } })
      ).status;
    expect(last).toBe(429);
    // Even the right password waits now (from that address, for that e-mail).
    const right = await call(t, {
      url: '/workspace/session',
      ip,
      body: { email: geek.email, password: geek.password },
    });
    expect(right.status).toBe(429);
  });

  it('refuses each token kind where it does not belong', async () => {
    const geek = await approvedGeek(t, admin);
    const student = await signUpClient(t);
    // A Geek token on the student's calls and on /ops.
    expect((await call(t, { url: '/users/client/me', token: geek.token })).status).toBe(401);
    expect((await call(t, { url: '/orders', token: geek.token })).status).toBe(401);
    expect([401, 403]).toContain((await call(t, { url: '/ops/me', token: geek.token })).status);
    expect([401, 403]).toContain((await call(t, { url: '/ops/orders', token: geek.token })).status);
    // Student and staff tokens on the workspace.
    for (const token of [student.token, admin]) {
      expect((await ws(t, token, '/me')).status).toBe(401);
      expect((await ws(t, token, '/offers')).status).toBe(401);
      expect((await ws(t, token, '/tasks')).status).toBe(401);
    }
    expect((await ws(t, geek.token, '/me')).status).toBe(200);
  });

  it('logs out on the server: the token is refused from then on', async () => {
    const geek = await approvedGeek(t, admin);
    expect((await ws(t, geek.token, '/logout', {})).status).toBe(204);
    expect((await ws(t, geek.token, '/me')).status).toBe(401);
    const again = await call(t, {
      url: '/workspace/session',
      ip: t.nextIp(),
      body: { email: geek.email, password: geek.password },
    });
    expect((await ws(t, again.body.jwt, '/me')).status).toBe(200);
  });

  it('ends the sessions of a Geek staff disable, and refuses their log-in', async () => {
    const geek = await approvedGeek(t, admin);
    const off = await call(t, {
      method: 'PATCH',
      url: `/ops/geeks/${geek.id}`,
      token: admin,
      body: { is_disabled: true },
    });
    expect(off.status).toBe(200);
    expect((await ws(t, geek.token, '/me')).status).toBe(401);
    const login = await call(t, {
      url: '/workspace/session',
      ip: t.nextIp(),
      body: { email: geek.email, password: geek.password },
    });
    expect(login.status).toBe(403);
    const on = await call(t, {
      method: 'PATCH',
      url: `/ops/geeks/${geek.id}`,
      token: admin,
      body: { is_disabled: false },
    });
    expect(on.status).toBe(200);
    expect((await ws(t, geek.token, '/me')).status).toBe(401);
  });

  it("counts a Geek's workspace activity as 'Online' on the students' Geek cards", async () => {
    const geek = await approvedGeek(t, admin);
    const student = await signUpClient(t);
    await t.db.update(geeks).set({ lastSeenAt: null }).where(eq(geeks.id, geek.id));
    expect((await call(t, { url: `/geek/${geek.id}`, token: student.token })).body.online).toBe(false);
    expect((await ws(t, geek.token, '/tasks')).status).toBe(200);
    expect((await call(t, { url: `/geek/${geek.id}`, token: student.token })).body.online).toBe(true);
  });

  it('changes Available / Away, major and subjects (courses only)', async () => {
    const geek = await approvedGeek(t, admin);
    const away = await ws(t, geek.token, '/me', { available: false, public_subjects: ['History'] }, 'PATCH');
    expect(away.status).toBe(200);
    expect(away.body).toMatchObject({ available: false, public_subjects: ['History'] });
    const bad = await ws(t, geek.token, '/me', { public_subjects: ['Alchemy 101'] }, 'PATCH');
    expect(bad.status).toBe(422);
  });

  it('restores a password by a one-time link; invites an existing profile by e-mail (72 hours)', async () => {
    const geek = await approvedGeek(t, admin);
    const asked = await call(t, {
      url: '/workspace/password-restore',
      ip: t.nextIp(),
      body: { email: geek.email },
    });
    expect(asked.status).toBe(204);
    expect(
      (
        await call(t, {
          url: '/workspace/password-restore',
          ip: t.nextIp(),
          body: { email: 'no@example.com' },
        })
      ).status,
    ).toBe(204);
    const token = await setPasswordToken(t, geek.email);
    expect(token.length).toBeGreaterThan(20);
    const set = await call(t, {
      url: '/workspace/set-password',
      ip: t.nextIp(),
      body: { token, password: 'brand new pass' },
    });
    expect(set.status).toBe(200);
    expect((await ws(t, set.body.jwt, '/me')).status).toBe(200);
    expect((await ws(t, geek.token, '/me')).status).toBe(401);
    const reuse = await call(t, {
      url: '/workspace/set-password',
      ip: t.nextIp(),
      body: { token, password: 'brand new pass' },
    });
    expect(reuse.status).toBe(422);

    const profile = await call(t, {
      url: '/ops/geeks',
      token: admin,
      body: { public_full_name: 'Linus T.', major: 'Computer science', public_subjects: ['English'] },
    });
    const invited = await call(t, {
      url: `/ops/geeks/${profile.body._id}/invite`,
      token: admin,
      body: { email: 'linus@example.com' },
    });
    expect(invited.status).toBe(201);
    expect(Date.parse(invited.body.expires_at) - t.ctx.now().getTime()).toBeGreaterThan(71 * 3_600_000);
    const inviteToken = await setPasswordToken(t, 'linus@example.com');
    expect(inviteToken.length).toBeGreaterThan(20);
    t.clock.offsetMs = 73 * 3_600_000;
    const late = await call(t, {
      url: '/workspace/set-password',
      ip: t.nextIp(),
      body: { token: inviteToken, password: 'linus password' },
    });
    t.clock.offsetMs = 0;
    expect(late.status).toBe(422);
  });
});
