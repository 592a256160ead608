import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { openStream } from './helpers/sse-client.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

// Issue 34 item 1: POST /users/client/me/password.
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const logIn = (email: string, password: string) =>
  call(t, {
    url: '/factor_auth',
    body: { type: 'check_code', factor: 'login', value: email, code: password, get_user: true },
    ip: t.nextIp(),
  });
const change = (token: string, body: Record<string, unknown>) =>
  call(t, { url: '/users/client/me/password', token, body });
const me = (token: string) => call(t, { url: '/users/client/me', token });
const ended = (s: ReturnType<typeof openStream>, ms = 3000) =>
  Promise.race([s.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), ms).unref())]);
/** The token of the password-set link mailed to `email` (quoted-printable undone). */
async function mailedToken(email: string) {
  await t.ctx.mailer.drain();
  const mail = t
    .sentMail()
    .map((eml) =>
      eml
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    )
    .find((m) => m.includes(`To: ${email}`) && m.includes('Set your Geekly password'));
  return /\/set-password\/([A-Za-z0-9_-]{43})/.exec(mail ?? '')?.[1] ?? '';
}
async function stream(token: string) {
  const s = openStream(base, token);
  expect(await s.opened).toBe(200);
  await s.waitFor((e) => e.event === 'ready');
  return s;
}

describe('changing the password', () => {
  it('refuses a wrong or missing current password and a short new one, changing nothing', async () => {
    const a = await signUpClient(t);
    const wrong = await change(a.token, {
      current_password: 'not my password',
      new_password: 'new password 1',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error_value).toEqual({ current_password: 'Your current password is not correct' });
    const missing = await change(a.token, { new_password: 'new password 1' });
    expect(missing.status).toBe(422);
    expect(missing.body.error_value).toEqual({ current_password: 'Please enter your current password' });
    const short = await change(a.token, { current_password: a.password, new_password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.error_value.new_password).toBe('Your password must have at least 8 characters');
    // Nothing changed: the old password logs in, the session still works.
    expect((await logIn(a.email, a.password)).status).toBe(200);
    expect((await me(a.token)).status).toBe(200);
  });

  it('takes the new password; the old one is refused; this browser keeps a session, every other session and stream ends', async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const phone = (await logIn(a.email, a.password)).body.jwt as string;
    const phoneStream = await stream(phone);
    const laptopStream = await stream(a.token);
    const otherStudent = await stream(b.token);

    const res = await change(a.token, { current_password: a.password, new_password: 'a brand new secret' });
    expect(res.status).toBe(200);
    const fresh = res.body.jwt as string;
    expect(fresh).toMatch(/^ey/);
    // The web app's cookie is renewed in the same answer.
    expect(String(res.headers['set-cookie'])).toContain(`auth_token=${fresh}`);

    expect((await me(fresh)).status).toBe(200);
    expect((await me(a.token)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect(await ended(phoneStream)).toBe(true);
    expect(await ended(laptopStream)).toBe(true);
    expect(await ended(otherStudent, 300)).toBe(false);
    otherStudent.close();

    const old = await logIn(a.email, a.password);
    expect(old.status).toBe(400);
    expect(old.body.detail).toBe('Cant find code');
    expect((await logIn(a.email, 'a brand new secret')).status).toBe(200);
    // The fresh session opens a stream that stays open.
    const kept = await stream(fresh);
    expect(await ended(kept, 300)).toBe(false);
    kept.close();
  });

  it('sends mail to the account e-mail again (decision 051: a stolen session may have redirected it)', async () => {
    const a = await signUpClient(t);
    const db = t.ctx.database.db;
    await db
      .update(users)
      .set({ notificationEmail: 'elsewhere@example.com' })
      .where(eq(users.email, a.email));
    const res = await change(a.token, { current_password: a.password, new_password: 'another new secret' });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.email, a.email));
    expect(row?.notificationEmail).toBe(a.email);
  });

  it('limits wrong current passwords per account (429 with the wait)', async () => {
    const a = await signUpClient(t);
    for (let i = 0; i < 10; i++) {
      expect(
        (await change(a.token, { current_password: `guess ${i}`, new_password: 'new password 1' })).status,
      ).toBe(422);
    }
    const limited = await change(a.token, { current_password: a.password, new_password: 'new password 1' });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await logIn(a.email, 'new password 1')).status).toBe(400);
  });

  it('an account without a password (Google) sets one only through the link mailed to its e-mail', async () => {
    const a = await signUpClient(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, a.id));
    expect((await me(a.token)).body.has_password).toBe(false);
    const s = await stream(a.token);

    const res = await change(a.token, { new_password: 'chosen by google user' });
    expect(res.status).toBe(202);
    expect(res.body.confirmation_sent).toBe(true);
    // Not yet: the password does not log in and the session stays.
    expect((await logIn(a.email, 'chosen by google user')).status).toBe(400);
    expect(await ended(s, 300)).toBe(false);

    const token = await mailedToken(a.email);
    expect(token).not.toBe('');

    // Another student's session confirming it gets no session for this account.
    const stranger = await signUpClient(t);
    const confirmed = await call(t, {
      url: '/users/client/me/password/confirm',
      body: { token },
      token: stranger.token,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.jwt).toBeNull();
    expect((await me(stranger.token)).status).toBe(200);

    expect(await ended(s)).toBe(true);
    expect((await me(a.token)).status).toBe(401);
    const login = await logIn(a.email, 'chosen by google user');
    expect(login.status).toBe(200);
    expect(login.body.user.has_password).toBe(true);
    // Once only.
    const again = await call(t, { url: '/users/client/me/password/confirm', body: { token } });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('This link has expired or was already used');
  });

  it('the link confirmed in the browser signed in to the account keeps that browser signed in', async () => {
    const a = await signUpClient(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, a.id));
    expect((await change(a.token, { new_password: 'another chosen one' })).status).toBe(202);
    const token = await mailedToken(a.email);
    const confirmed = await call(t, {
      url: '/users/client/me/password/confirm',
      body: { token },
      token: a.token,
    });
    expect(confirmed.status).toBe(200);
    expect((await me(confirmed.body.jwt)).status).toBe(200);
    expect((await me(a.token)).status).toBe(401);
  });

  it('an expired link is refused', async () => {
    const a = await signUpClient(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, a.id));
    expect((await change(a.token, { new_password: 'too late password' })).status).toBe(202);
    const token = await mailedToken(a.email);
    t.clock.offsetMs = 25 * 3_600_000;
    try {
      expect((await call(t, { url: '/users/client/me/password/confirm', body: { token } })).status).toBe(404);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});
