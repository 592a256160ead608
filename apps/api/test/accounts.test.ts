import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip = '127.0.0.1') =>
  call(t, {
    url: '/factor_auth',
    body: { type: 'check_code', factor: 'login', value: email, code: password, get_user: true },
    ip,
  });

describe('sign-up', () => {
  it('creates a client, sets the HttpOnly auth_token cookie and returns jwt and user', async () => {
    const res = await call(t, {
      url: '/users/client/new',
      body: { email: '  New.Student@Example.com ', password: 'secret pass', timezone_str: 'America/Chicago' },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: 'new.student@example.com',
      available_balance: 0,
      paid_orders_count: 0,
      notification_email: 'new.student@example.com',
      phone: null,
    });
    expect(typeof res.body.jwt).toBe('string');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/auth_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=31536000/);
  });

  it('answers 409 "Already exists email" for a taken e-mail, whatever its case', async () => {
    const { email } = await signUpClient(t);
    const res = await call(t, {
      url: '/users/client/new',
      body: { email: email.toUpperCase(), password: 'another password' },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Already exists email' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'abcdef' }, 'email', 'Oops, check your email format'],
    [{ email: '', password: 'abcdef' }, 'email', 'Oops, check your email format'],
    [
      { email: 'a@b.com', password: '      ' },
      'password',
      'Your password must have at least one character that is not a space',
    ],
    [{ email: 'a@b.com', password: 'пароль123' }, 'password', 'Non-Latin characters are not allowed'],
  ])('rejects %j with 422 and the spec message', async (body, field, message) => {
    const res = await call(t, { url: '/users/client/new', body, ip: t.nextIp() });
    expect(res.status).toBe(422);
    expect(res.body.error_type).toBe('validation');
    expect(res.body.error_value[field]).toBe(message);
  });

  it('rate-limits sign-ups from one address with 429 and Retry-After', async () => {
    const ip = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call(t, { url: '/users/client/new', body: { email: 'x', password: 'y' }, ip });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers['retry-after']).toBeDefined();
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('takes the sign-up limit from SIGNUP_LIMIT_PER_HOUR', async () => {
    const strict = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await call(strict, { url: '/users/client/new', body: { email: 'x', password: 'y' } })).status,
        );
      expect(statuses).toEqual([422, 422, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('log-in by e-mail and password', () => {
  it('logs in with trimmed, case-insensitive e-mail and sets the cookie', async () => {
    const { email, password } = await signUpClient(t);
    const res = await login(`  ${email.toUpperCase()}`, password, t.nextIp());
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(String(res.headers['set-cookie'])).toMatch(/auth_token=/);
  });

  it('answers "User wasn\'t find" for an unknown e-mail', async () => {
    const res = await login('nobody@example.com', 'whatever', t.nextIp());
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("User wasn't find");
  });

  it('answers "Cant find code" (a 4xx that is not 401) for a wrong password', async () => {
    const { email } = await signUpClient(t);
    const res = await login(email, 'wrong password', t.nextIp());
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(401);
    expect(res.body.detail).toBe('Cant find code');
  });

  it('answers 429 after repeated wrong passwords, even for the right one', async () => {
    const { email, password } = await signUpClient(t);
    const ip = '10.98.0.1';
    for (let i = 0; i < 6; i++) expect((await login(email, `wrong-${i}`, ip)).status).toBe(400);
    const blocked = await login(email, password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.detail).toMatch(/Too many attempts/);
  });

  it('counts log-in attempts per address and e-mail: another e-mail from the same address is not blocked', async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const ip = '10.98.0.2';
    for (let i = 0; i < 6; i++) expect((await login(a.email, `wrong-${i}`, ip)).status).toBe(400);
    expect((await login(a.email, a.password, ip)).status).toBe(429);
    expect((await login(b.email, b.password, ip)).status).toBe(200);
  });

  it('logs in with the secret per-user key but never with the public referral code', async () => {
    const { token } = await signUpClient(t);
    const me = await call(t, { url: '/users/client/me', token });
    const byReferral = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'key', value: me.body.referral_code },
      ip: t.nextIp(),
    });
    expect(byReferral.status).toBe(400);
    const { users } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.db.select().from(users).where(eq(users.id, me.body._id));
    const { loginKeyOf } = await import('../src/modules/auth/login-key.ts');
    const key = row ? loginKeyOf(t.ctx.tokens, row) : '';
    const byKey = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'key', value: key },
      ip: t.nextIp(),
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body.user._id).toBe(me.body._id);
    // Decision 051: log-out everywhere changes the key; the old one is refused.
    expect((await call(t, { url: '/logout', token: byKey.body.jwt, body: {} })).status).toBe(204);
    const oldKey = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'key', value: key },
      ip: t.nextIp(),
    });
    expect(oldKey.status).toBe(400);
  });
});

describe('sessions', () => {
  it('accepts the cookie and the Bearer token, and 401 without either', async () => {
    const { token, id } = await signUpClient(t);
    expect((await call(t, { url: '/users/client/me', token })).body._id).toBe(id);
    expect((await call(t, { url: '/users/client/me', cookie: `auth_token=${token}` })).body._id).toBe(id);
    const anon = await call(t, { url: '/users/client/me' });
    expect(anon.status).toBe(401);
    expect(anon.body.detail).toBe('Not authenticated');
    expect((await call(t, { url: '/users/client/me', token: `${token}x` })).status).toBe(401);
  });

  it('sets and clears the readable session hint with the session cookie, and gives it to older sessions', async () => {
    const signUp = await call(t, {
      url: '/users/client/new',
      body: { email: `hint-${Date.now()}@example.com`, password: 'correct horse' },
      ip: t.nextIp(),
    });
    const cookies = String(signUp.headers['set-cookie']);
    expect(cookies).toMatch(/geekly_session=1;[^,]*Max-Age=\d+/);
    expect(cookies).not.toMatch(/geekly_session=1;[^,]*HttpOnly/);
    const token = signUp.body.jwt as string;
    // A session from before the hint: any answer to a request carrying the cookie sets it.
    const older = await call(t, { url: '/users/client/me', cookie: `auth_token=${token}` });
    expect(String(older.headers['set-cookie'])).toMatch(/geekly_session=1/);
    const withHint = await call(t, {
      url: '/users/client/me',
      cookie: `auth_token=${token}; geekly_session=1`,
    });
    expect(withHint.headers['set-cookie']).toBeUndefined();
    const out = await call(t, { url: '/logout', method: 'POST', cookie: `auth_token=${token}` });
    expect(String(out.headers['set-cookie'])).toMatch(/geekly_session=;/);
    expect(String(out.headers['set-cookie'])).not.toMatch(/geekly_session=1/);
    // Issue 34: a refused session cookie takes the hint with it (the public pages' loader trusts the hint).
    const stale = await call(t, {
      url: '/users/client/me',
      cookie: `auth_token=${token}; geekly_session=1`,
    });
    expect(stale.status).toBe(401);
    expect(String(stale.headers['set-cookie'])).toMatch(/geekly_session=;/);
    expect(String(stale.headers['set-cookie'])).toMatch(/auth_token=;/);
  });

  it('log-out answers 204, clears the cookie and revokes the token', async () => {
    const { token } = await signUpClient(t);
    const out = await call(t, { url: '/logout', method: 'POST', token });
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/auth_token=;/);
    expect((await call(t, { url: '/users/client/me', token })).status).toBe(401);
  });

  it('lets a plain client (no cookie, no Origin, no X-Requested-With) sign up, log in and call', async () => {
    const email = `plain-${Date.now()}@example.com`;
    const plain = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/v3${url}`, payload, headers, remoteAddress: t.nextIp() });
    const signUp = await plain('/users/client/new', { email, password: 'correct horse' });
    expect(signUp.statusCode).toBe(201);
    const logIn = await plain('/factor_auth', {
      type: 'check_code',
      factor: 'login',
      value: email,
      code: 'correct horse',
    });
    expect(logIn.statusCode, logIn.body).toBe(200);
    const created = await plain(
      '/orders',
      { title: 'Essay', subject: 'English' },
      { authorization: `Bearer ${logIn.json().jwt}` },
    );
    expect(created.statusCode).toBe(201);
  });

  it('refuses a cookie-carrying request from a foreign Origin or marked cross-site by the browser', async () => {
    const { token } = await signUpClient(t);
    const fetchSiteCrossSite = await t.app.inject({
      method: 'POST',
      url: '/api/v3/orders',
      headers: { cookie: `auth_token=${token}`, 'sec-fetch-site': 'cross-site' },
      payload: { title: 'x', subject: 'English' },
    });
    expect(fetchSiteCrossSite.statusCode).toBe(403);
    expect(fetchSiteCrossSite.json().detail).toBe('Cross-site request refused');
    const sameSiteFetch = await t.app.inject({
      method: 'POST',
      url: '/api/v3/orders',
      headers: { cookie: `auth_token=${token}`, 'sec-fetch-site': 'same-origin' },
      payload: { title: 'x', subject: 'English' },
    });
    expect(sameSiteFetch.statusCode).toBe(201);
  });

  it('refuses a cookie-authenticated mutation from a foreign Origin, not from its own', async () => {
    const { token } = await signUpClient(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/orders',
      headers: { cookie: `auth_token=${token}`, origin: 'https://evil.example' },
      payload: { title: 'x', subject: 'English' },
    });
    expect(res.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v3/orders',
      headers: { cookie: `auth_token=${token}`, origin: 'http://localhost:3000' },
      payload: { title: 'x', subject: 'English' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });
});

describe('profile', () => {
  it('saves phone and country, and keeps a new notification e-mail pending its confirmation', async () => {
    const { token, email, password } = await signUpClient(t);
    const res = await call(t, {
      url: '/users/client/me',
      method: 'PATCH',
      token,
      body: { phone: '+12025550143', country: 'US', notification_email: ' Notify@Example.com', password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      phone: '+12025550143',
      country: 'US',
      notification_email: email,
      pending_notification_email: 'notify@example.com',
    });
  });

  it('answers an empty patch with the unchanged profile, not a 500', async () => {
    const { token } = await signUpClient(t);
    const before = await call(t, { url: '/users/client/me', token });
    const res = await call(t, { url: '/users/client/me', method: 'PATCH', token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before.body);
  });

  it('answers 409 "Already exists phone" when another user confirmed the phone (decision 052)', async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const body = { phone: '+14165550199', country: 'CA' };
    expect((await call(t, { url: '/users/client/me', method: 'PATCH', token: a.token, body })).status).toBe(
      200,
    );
    const { users } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, a.id));
    const res = await call(t, { url: '/users/client/me', method: 'PATCH', token: b.token, body });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Already exists phone');
    // saving one's own phone again is fine
    expect((await call(t, { url: '/users/client/me', method: 'PATCH', token: a.token, body })).status).toBe(
      200,
    );
  });

  it.each([
    [{ phone: '12ab' }, 'phone', 'Phone number format is incorrect'],
    [{ phone: '+1202555', country: 'US' }, 'phone', 'Phone number format is incorrect'],
    [{ phone: '+4416977345', country: 'GB' }, 'phone', 'Phone number format is incorrect'],
    [{ notification_email: 'nope' }, 'notification_email', 'Oops, check your email format'],
  ])('rejects %j with 422', async (body, field, message) => {
    const { token } = await signUpClient(t);
    const res = await call(t, { url: '/users/client/me', method: 'PATCH', token, body });
    expect(res.status).toBe(422);
    expect(res.body.error_value[field]).toBe(message);
  });

  it('saves a UK phone of 9 national digits as well as one of 10 (decision 044)', async () => {
    const { token } = await signUpClient(t);
    for (const phone of [`+44169${String(Date.now()).slice(-6)}`, `+447${String(Date.now()).slice(-9)}`]) {
      const res = await call(t, {
        url: '/users/client/me',
        method: 'PATCH',
        token,
        body: { phone, country: 'GB' },
      });
      expect(res.status).toBe(200);
      expect((await call(t, { url: '/users/client/me', token })).body.phone).toBe(phone);
    }
  });

  it('rejects fields that cannot be changed (the registration e-mail)', async () => {
    const { token, email } = await signUpClient(t);
    const res = await call(t, {
      url: '/users/client/me',
      method: 'PATCH',
      token,
      body: { email: 'new@example.com' },
    });
    expect(res.status).toBe(422);
    expect((await call(t, { url: '/users/client/me', token })).body.email).toBe(email);
  });
});

describe('restore password', () => {
  it('mails a new password that works, while the old one keeps working until it is used', async () => {
    const { email, password } = await signUpClient(t);
    const before = t.sentMail().length;
    const res = await call(t, { url: '/users/client/restore', body: { email }, ip: t.nextIp() });
    expect(res.status).toBe(200);
    expect(await t.ctx.mailer.drain()).toBeGreaterThanOrEqual(1);
    const mails = t.sentMail().slice(before);
    const mail = mails.find((m) => m.includes(`To: ${email}`) && m.includes('new Geekly password'));
    expect(mail).toBeDefined();
    const newPassword = /new Geekly password: (\S+)/.exec(mail ?? '')?.[1];
    expect(newPassword).toMatch(/^[A-Za-z0-9]{12}$/);

    expect((await login(email, password, t.nextIp())).status).toBe(200);
    const first = await login(email, newPassword ?? '', t.nextIp());
    expect(first.status).toBe(200);
    // the new password replaced the old one and signed out older sessions
    expect((await login(email, password, t.nextIp())).status).toBe(400);
    expect((await login(email, newPassword ?? '', t.nextIp())).status).toBe(200);
  });

  it('answers "User not found" for an unknown e-mail and sends nothing', async () => {
    const res = await call(t, {
      url: '/users/client/restore',
      body: { email: 'ghost@example.com' },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('User not found');
    await t.ctx.mailer.drain();
    expect(t.sentMail().some((m) => m.includes('ghost@example.com'))).toBe(false);
  });
});

describe('rate limits across API processes', () => {
  it('counts attempts in the database, so a second app instance sees the first one’s attempts', async () => {
    const { buildApp } = await import('../src/app.ts');
    const other = await buildApp(t.ctx, { webRoot: '/nonexistent' });
    await other.ready();
    try {
      const email = 'nobody-limited@example.com';
      const ip = '10.97.0.1';
      const attempt = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: '/api/v3/users/client/restore',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
          payload: { email },
          remoteAddress: ip,
        });
      for (let i = 0; i < 5; i++) expect((await attempt(i % 2 === 0 ? t.app : other)).statusCode).toBe(404);
      expect((await attempt(other)).statusCode).toBe(429);
      expect((await attempt(t.app)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
