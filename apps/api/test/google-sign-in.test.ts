import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../src/db/schema.ts';
import { startTestProvider, type TestAccount, type TestProvider } from './helpers/oidc-provider.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

// Decision 040: Sign in with Google, against a real OpenID Connect provider (oidc-provider) on loopback.

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/v3/auth/google/callback`;

let op: TestProvider;
let t: TestApp;
beforeAll(async () => {
  op = await startTestProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: op.clientId,
    GOOGLE_CLIENT_SECRET: op.clientSecret,
    GOOGLE_ISSUER: op.issuer,
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const email = (what: string) => `${what}-${randomBytes(4).toString('hex')}@gmail.example`;

/** The value of cookie `name` among an answer's Set-Cookie headers. */
function cookieOf(headers: Record<string, unknown>, name: string): string | undefined {
  const lines = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  for (const line of lines) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * The start of a sign-in: a link (GET, as a crafted one would be), or the dialog's form (POST from this site, the
 * only way a pending task rides along: decision 052).
 */
async function start(
  query: Record<string, string> = {},
  via: { form?: boolean; origin?: string; app?: TestApp } = {},
) {
  const app = via.app ?? t;
  const res = via.form
    ? await app.app.inject({
        method: 'POST',
        url: '/api/v3/auth/google/start',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(via.origin === '' ? {} : { origin: via.origin ?? PUBLIC_URL }),
        },
        payload: new URLSearchParams(query).toString(),
        remoteAddress: app.nextIp(),
      })
    : await app.app.inject({
        method: 'GET',
        url: `/api/v3/auth/google/start?${new URLSearchParams(query)}`,
        remoteAddress: app.nextIp(),
      });
  return {
    status: res.statusCode,
    location: String(res.headers.location ?? ''),
    state: cookieOf(res.headers, 'geekly_google'),
    setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
  };
}

async function callback(back: URL, stateCookie: string | undefined, app = t, ip = app.nextIp()) {
  const res = await app.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: stateCookie ? { cookie: `geekly_google=${stateCookie}` } : {},
    remoteAddress: ip,
  });
  return {
    status: res.statusCode,
    location: String(res.headers.location ?? ''),
    session: cookieOf(res.headers, 'auth_token'),
    body: res.body,
  };
}

/** The whole round: the dialog's link, the provider's sign-in page as `account`, the way back. */
async function googleSignIn(account: TestAccount, query: Record<string, string> = {}, form = false) {
  const started = await start(query, { form });
  expect(started.status).toBe(form ? 303 : 302);
  return callback(await op.signIn(started.location, account), started.state);
}

const me = (session: string | undefined) =>
  call(t, { url: '/users/client/me', cookie: `auth_token=${session}` });

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;

/** Asks a restore for `address` and logs in with the mailed password (proving the e-mail); answers it. */
async function restoreAndUse(address: string): Promise<string> {
  const mailed = t.sentMail().length;
  const asked = await call(t, { url: '/users/client/restore', body: { email: address }, ip: t.nextIp() });
  expect(asked.status).toBe(200);
  await t.ctx.mailer.drain();
  const mail = t
    .sentMail()
    .slice(mailed)
    .find((m) => m.includes('new Geekly password'));
  const password = /new Geekly password: (\S+)/.exec(mail ?? '')?.[1] ?? '';
  const used = await call(t, {
    url: '/factor_auth',
    body: { type: 'check_code', factor: 'login', value: address, code: password },
    ip: t.nextIp(),
  });
  expect(used.status).toBe(200);
  return password;
}

describe('Sign in with Google', () => {
  it('says it is on, and starts with PKCE, state and nonce kept in a sealed HttpOnly cookie', async () => {
    expect((await call(t, { url: '/auth/providers' })).body).toEqual({ google: true });
    const started = await start({ mode: 'signup' });
    const url = new URL(started.location);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy();
    const cookie = started.setCookie.find((c) => c.startsWith('geekly_google='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/v3\/auth\/google/);
    expect(cookie).toMatch(/Max-Age=600/);
    // sealed: neither the state nor the PKCE verifier can be read from it
    expect(started.state).not.toContain(url.searchParams.get('state'));
  });

  it('signs a new Google user up: an account with no password, and the session works', async () => {
    const address = email('new');
    const before = await userCount();
    const done = await googleSignIn({ email: address, emailVerified: true }, { mode: 'signup' });
    expect(done.status).toBe(302);
    expect(done.location).toBe('/orders');
    const profile = await me(done.session);
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(address);
    expect(await userCount()).toBe(before + 1);
    const [row] = await t.db.select().from(users).where(eq(users.email, address));
    expect(row?.passwordHash).toBeNull();
    expect(row?.googleSub).toBe(`sub-${address}`);
    // No password works for it (an empty one neither); a restore would give it one.
    for (const code of ['correct horse', ' ']) {
      const res = await call(t, {
        url: '/factor_auth',
        body: { type: 'check_code', factor: 'login', value: address, code },
        ip: t.nextIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Cant find code');
    }
    // Signing in again finds the same account.
    const again = await googleSignIn({ email: address, emailVerified: true });
    expect((await me(again.session)).body._id).toBe(profile.body._id);
    expect(await userCount()).toBe(before + 1);

    // A restore gives it a password, and Google still signs it in.
    const mailed = t.sentMail().length;
    expect(
      (await call(t, { url: '/users/client/restore', body: { email: address }, ip: t.nextIp() })).status,
    ).toBe(200);
    await t.ctx.mailer.drain();
    const mail = t
      .sentMail()
      .slice(mailed)
      .find((m) => m.includes('new Geekly password'));
    const password = /new Geekly password: (\S+)/.exec(mail ?? '')?.[1] ?? '';
    const byPassword = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: address, code: password },
      ip: t.nextIp(),
    });
    expect(byPassword.status).toBe(200);
    expect(byPassword.body.user._id).toBe(profile.body._id);
    const afterRestore = await googleSignIn({ email: address, emailVerified: true });
    expect((await me(afterRestore.session)).body._id).toBe(profile.body._id);
  });

  it('logs in an existing account by its verified e-mail, links it, and finds it by subject after an e-mail change', async () => {
    const client = await signUpClient(t, email('existing'));
    // The owner proved the e-mail (a restored password, mailed to it, was used): the password keeps working.
    const password = await restoreAndUse(client.email);
    const sub = `google-${randomBytes(4).toString('hex')}`;
    const before = await userCount();
    const done = await googleSignIn({ email: client.email.toUpperCase(), emailVerified: true, sub });
    expect(done.location).toBe('/orders');
    expect((await me(done.session)).body._id).toBe(client.id);
    expect(await userCount()).toBe(before);
    const [row] = await t.db.select().from(users).where(eq(users.id, client.id));
    expect(row?.googleSub).toBe(sub);
    const byPassword = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: client.email, code: password },
      ip: t.nextIp(),
    });
    expect(byPassword.status).toBe(200);
    // The Google account's e-mail changed (and is not verified yet): the subject still finds the account.
    const moved = await googleSignIn({ email: email('moved'), emailVerified: false, sub });
    expect((await me(moved.session)).body._id).toBe(client.id);
    expect(await userCount()).toBe(before);
  });

  it('takes a pre-made account away from whoever made it: their password, sessions and mail redirection end (issue 35 item 1)', async () => {
    // The attacker signs up with the student's Gmail address and a password of their own, and points the
    // notifications at an address they read.
    const victim = email('prehijack');
    const attacker = await signUpClient(t, victim, 'attacker password');
    await t.db
      .update(users)
      .set({ notificationEmail: 'attacker@evil.example' })
      .where(eq(users.id, attacker.id));
    const sub = `google-${randomBytes(4).toString('hex')}`;
    // The student arrives and signs in with Google: the same account, now theirs alone.
    const done = await googleSignIn({ email: victim, emailVerified: true, sub });
    expect(done.location).toBe('/orders');
    const profile = await me(done.session);
    expect(profile.body._id).toBe(attacker.id);
    expect(profile.body.notification_email).toBe(victim);
    expect(profile.body.pending_notification_email ?? null).toBeNull();
    // The attacker's session and password are refused.
    expect((await call(t, { url: '/users/client/me', token: attacker.token })).status).toBe(401);
    const byPassword = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: victim, code: 'attacker password' },
      ip: t.nextIp(),
    });
    expect(byPassword.status).toBe(400);
    expect(byPassword.body.detail).toBe('Cant find code');
    const [row] = await t.db.select().from(users).where(eq(users.id, attacker.id));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).not.toBeNull();
    const again = await googleSignIn({ email: victim, emailVerified: true, sub });
    expect((await me(again.session)).body._id).toBe(attacker.id);
  });

  it('refuses an unverified e-mail with a message for the dialog, and changes nothing', async () => {
    const client = await signUpClient(t, email('victim'));
    const before = await userCount();
    for (const address of [client.email, email('unverified')]) {
      const done = await googleSignIn({ email: address, emailVerified: false }, { mode: 'signup' });
      expect(done.status).toBe(302);
      expect(done.location).toBe('/signup?google_error=unverified');
      expect(done.session).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
    const [row] = await t.db.select().from(users).where(eq(users.id, client.id));
    expect(row?.googleSub).toBeNull();
  });

  it('refuses a tampered or missing state, or a cookie from another sign-in, to the log-in dialog, and changes nothing', async () => {
    const address = email('forged');
    const before = await userCount();
    const started = await start();
    const back = await op.signIn(started.location, { email: address, emailVerified: true });

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const noState = new URL(back);
    noState.searchParams.delete('state');
    const other = await start();
    const sealed = started.state ?? '';
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    for (const [url, cookie] of [
      [tampered, started.state],
      [noState, started.state],
      [back, undefined],
      [back, other.state],
      [back, flipped],
    ] as const) {
      const res = await callback(url, cookie);
      // The log-in dialog says why (GOOGLE_SIGN_IN_ERRORS.expired), rather than a page of JSON.
      expect(res.status).toBe(302);
      expect(res.location).toBe('/login?google_error=expired');
      expect(res.session).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
    // The untouched answer still works (nothing was spent by the refusals).
    const good = await callback(back, started.state);
    expect((await me(good.session)).body.email).toBe(address);
  });

  it('carries the pending task across a Google sign-up: created once, its checkout opens', async () => {
    const toid = `toid-${randomBytes(4).toString('hex')}`;
    const task = { mode: 'signup', toid, title: 'Essay on Hamlet', subject: 'English', to: '/profile' };
    const done = await googleSignIn({ email: email('pending'), emailVerified: true }, task, true);
    const match = /^\/order\/([^/]+)\/checkout$/.exec(done.location);
    expect(match).not.toBeNull();
    const orderId = match?.[1] ?? '';
    const order = await call(t, { url: `/orders/${orderId}`, cookie: `auth_token=${done.session}` });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ title: 'Essay on Hamlet', subject: 'English' });
    // The same pending task sent again (another tab) is the same task.
    const user = (await me(done.session)).body._id as string;
    const again = await googleSignIn(
      { email: (await me(done.session)).body.email, emailVerified: true },
      task,
      true,
    );
    expect(again.location).toBe(`/order/${orderId}/checkout`);
    expect((await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, user)))[0]?.n).toBe(1);
  });

  it('makes no task from a crafted link, nor from another site’s form (issue 35 item 7)', async () => {
    const victim = await googleSignIn({ email: email('crafted'), emailVerified: true });
    const userId = (await me(victim.session)).body._id as string;
    const crafted = {
      mode: 'login',
      toid: `toid-${randomBytes(4).toString('hex')}`,
      title: 'Buy me an essay',
      subject: 'English',
    };
    // The visitor follows someone's link: signed in, to the task list, and no task made.
    const account = { email: (await me(victim.session)).body.email, emailVerified: true };
    const followed = await googleSignIn(account, crafted);
    expect(followed.location).toBe('/orders');
    expect((await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n).toBe(0);
    // Another site's auto-submitted form, or one that says nothing of where it came from, is refused.
    expect((await start(crafted, { form: true, origin: 'https://evil.example' })).status).toBe(403);
    expect((await start(crafted, { form: true, origin: '' })).status).toBe(403);
    const formPost = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/google/start',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(crafted).toString(),
      });
    expect((await formPost({ origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // This site's form under its no-referrer policy: Origin null, Sec-Fetch-Site same-origin.
    expect((await formPost({ origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303);
  });

  it('counts Google sign-ups against the per-address sign-up limit (issue 35 item 7)', async () => {
    const strict = await createTestApp({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: op.clientId,
      GOOGLE_CLIENT_SECRET: op.clientSecret,
      GOOGLE_ISSUER: op.issuer,
      SIGNUP_LIMIT_PER_HOUR: '2',
    });
    try {
      const ip = '10.66.0.1';
      const signUpFrom = async (address: string) => {
        const started = await start({ mode: 'signup' }, { app: strict });
        const back = await op.signIn(started.location, { email: address, emailVerified: true });
        return callback(back, started.state, strict, ip);
      };
      expect((await signUpFrom(email('one'))).location).toBe('/orders');
      const password = await call(strict, {
        url: '/users/client/new',
        body: { email: email('two'), password: 'correct horse' },
        ip,
      });
      expect(password.status).toBe(201);
      // The third account from the address, by Google: refused, with the dialog's message, no account made.
      const third = email('three');
      const refused = await signUpFrom(third);
      expect(refused.location).toBe('/signup?google_error=too_many');
      expect(refused.session).toBeUndefined();
      expect(await strict.db.select().from(users).where(eq(users.email, third))).toHaveLength(0);
      // A password sign-up from the address is refused too; another address is not.
      const fourth = await call(strict, {
        url: '/users/client/new',
        body: { email: email('four'), password: 'correct horse' },
        ip,
      });
      expect(fourth.status).toBe(429);
      expect(fourth.body.detail).toMatch(/^Too many accounts were made from your network/);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signUpFrom(email('five'))).location).toBe('/signup?google_error=too_many');
      const elsewhere = await call(strict, {
        url: '/users/client/new',
        body: { email: email('six'), password: 'correct horse' },
        ip: '10.66.0.2',
      });
      expect(elsewhere.status).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('goes back to the stored link, never to another site, and names a cancelled sign-in', async () => {
    const done = await googleSignIn(
      { email: email('link'), emailVerified: true },
      { to: '/order/x/messages' },
    );
    expect(done.location).toBe('/order/x/messages');
    for (const to of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      expect((await start({ to })).status).toBe(422);
    }
    const started = await start({ mode: 'login' });
    const cancelled = await callback(await op.cancel(started.location), started.state);
    expect(cancelled.location).toBe('/login?google_error=cancelled');
    expect(cancelled.session).toBeUndefined();
  });

  it('stops silently for a blocked country, before any account is made', async () => {
    const before = await userCount();
    const started = await start({ mode: 'signup' });
    const back = await op.signIn(started.location, { email: email('uk'), emailVerified: true });
    const res = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: `geekly_google=${started.state}` },
      remoteAddress: '81.2.69.160', // a GB address in the offline country database
    });
    expect(res.headers.location).toBe('/signup?google_error=blocked');
    expect(cookieOf(res.headers, 'auth_token')).toBeUndefined();
    expect(await userCount()).toBe(before);
  });
});

describe('Sign in with Google, not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('shows no button and its routes answer 404', async () => {
    expect((await call(plain, { url: '/auth/providers' })).body).toEqual({ google: false });
    expect((await call(plain, { url: '/auth/google/start?mode=signup' })).status).toBe(404);
    expect((await call(plain, { url: '/auth/google/callback?state=x&code=y' })).status).toBe(404);
  });
});
