import cookie from '@fastify/cookie';
import { nationalDigitRange, PHONE_COUNTRIES } from '@geekly/domain/users/user-schemas.ts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { registerDeviceId } from '../src/plugins/device-id.ts';
import { uploadGeekFile } from './helpers/files.ts';
import { CARDS, expectLedgerConsistent, payWithCard } from './helpers/sandbox-card.ts';
import {
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

let t: TestApp;
let ops: string;
let geekId: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  const [geek] = await t.db.insert(geeks).values({ publicFullName: 'F.', major: 'English' }).returning();
  geekId = geek?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) => (await call(t, { url: '/users/client/me', token })).body;
const codeOf = async (token: string) => (await me(token)).referral_code as string;
const signUpReferred = async (code: string, email?: string) => {
  const res = await call(t, {
    url: '/users/client/new',
    body: {
      email: email ?? `friend-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'secret pass',
      referred_by: code,
    },
    ip: t.nextIp(),
  });
  expect(res.status).toBe(201);
  return { token: res.body.jwt as string, id: res.body.user._id as string };
};
const lastSmsCode = () => /code is (\d{6})/.exec(t.sentSms().at(-1) ?? '')?.[1] ?? '';
let phoneCounter = 0;
/** Adds a phone and confirms it with the SMS code (decision 018). */
async function verifyPhone(token: string) {
  const phone = `+8529${String(Date.now() + ++phoneCounter).slice(-7)}`;
  const saved = await call(t, {
    method: 'PATCH',
    url: '/users/client/me',
    token,
    body: { phone, country: 'HK' },
  });
  expect(saved.status).toBe(200);
  await call(t, { url: '/users/client/me/phone-verification', token, body: {} });
  const ok = await call(t, {
    url: '/users/client/me/phone-verification/check',
    token,
    body: { code: lastSmsCode() },
  });
  expect(ok.body).toEqual({ phone_verified: true });
}
/** Pays a priced task in full by card, and the operator delivers it (the bonus waits for that: decision 029). */
async function payTask(token: string, card: string = CARDS.success) {
  const order = await pricedOrder(t, token);
  const res = await call(t, { url: `/orders/${order._id}/pay`, token, body: { account_balance_use: 0 } });
  expect(res.status).toBe(200);
  await payWithCard(t, res.body.gateway, card);
  for (const name of ['assign_geek', 'start_work', 'deliver']) {
    if (name === 'deliver') await uploadGeekFile(t, ops, order._id);
    const body = name === 'assign_geek' ? { name, writer_id: geekId } : { name };
    expect((await call(t, { url: `/ops/orders/${order._id}/transitions`, token: ops, body })).status).toBe(
      200,
    );
  }
  return order;
}

describe('phone rules of the 15 countries (PATCH /users/client/me)', () => {
  // A number with as many national digits as the country's mask, and one digit fewer than its shortest real
  // length (the mask's, or 9 for the UK: decision 044) / one more than the mask's.
  it.each(PHONE_COUNTRIES.map((c) => [c.name, c]))('%s', async (_name, c) => {
    const { token } = await signUpClient(t);
    const code = c.phoneCode.slice(1);
    const [shortest, n] = nationalDigitRange(c);
    const digits = (len: number) => '2'.repeat(len);
    const good = `+${code}${digits(n)}`.slice(0, 15);
    for (const phone of [`+${code}${digits(shortest - 1)}`, `+${code}${digits(n + 1)}`]) {
      const bad = await call(t, {
        method: 'PATCH',
        url: '/users/client/me',
        token,
        body: { phone, country: c.countryCode },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.error_value).toEqual({ phone: 'Phone number format is incorrect' });
    }
    expect((await me(token)).phone).toBeNull();
    const ok = await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { phone: good, country: c.countryCode },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ phone: good, country: c.countryCode, phone_verified: false });
    // The same number, once confirmed, is taken for another user (decision 052).
    await t.db.execute(sql`update users set phone_verified_at = now() where phone = ${good}`);
    const other = await signUpClient(t);
    const taken = await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token: other.token,
      body: { phone: good, country: c.countryCode },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('Already exists phone');
    await t.db.execute(sql`update users set phone = null, phone_verified_at = null where phone = ${good}`);
  });
});

describe('GET /referral', () => {
  it('counts sign-ups, friends with a paid task and the bonus the ledger paid', async () => {
    const referrer = await signUpClient(t);
    const code = await codeOf(referrer.token);
    const empty = await call(t, { url: '/referral', token: referrer.token });
    expect(empty.body).toEqual({
      referral_code: code,
      link: `http://localhost:3000/r/${code}/orders`,
      count: 0,
      count_with_orders: 0,
      earn: 0,
    });
    const a = await signUpReferred(code);
    const b = await signUpReferred(code.toLowerCase());
    await signUpReferred(code);
    await signUpClient(t); // not referred
    expect((await me(a.token)).isReferBonusFlow).toBe(true);
    await payTask(a.token);
    // No bonus before the friend confirms their phone (decision 018); confirming it grants it.
    expect((await call(t, { url: '/referral', token: referrer.token })).body.earn).toBe(0);
    await verifyPhone(a.token);
    await payTask(a.token); // a second task earns no second bonus
    await pricedOrder(t, b.token); // b has an unpaid task only
    const figures = await call(t, { url: '/referral', token: referrer.token });
    expect(figures.body).toMatchObject({ count: 3, count_with_orders: 1, earn: 10 });
    expect((await me(referrer.token)).referral_details).toEqual({ count: 3, count_with_orders: 1, earn: 10 });
    expect((await me(a.token)).isReferBonusFlow).toBe(false);
    expect((await me(b.token)).isReferBonusFlow).toBe(true);
    expect((await call(t, { url: '/referral' })).status).toBe(401);
    await expectLedgerConsistent(t, [referrer, a]);
  });

  it('withholds the bonus from a self-referral (one mailbox) and from a friend paying with the referrer’s card', async () => {
    const n = Date.now();
    const referrer = await signUpClient(t, `adalovelace${n}@gmail.com`);
    const code = await codeOf(referrer.token);
    const self = await signUpReferred(code, `ada.lovelace${n}+alt@googlemail.com`);
    expect(await me(self.token)).toMatchObject({ isReferralAbuser: true, isReferBonusFlow: false });
    await verifyPhone(self.token);
    await payTask(self.token);

    const friend = await signUpReferred(code);
    expect((await me(friend.token)).isReferralAbuser).toBe(false);
    await verifyPhone(friend.token);
    await payTask(referrer.token, '4242 4242 4242 4242');
    await payTask(friend.token, '4242 4242 4242 4242');
    expect((await me(friend.token)).isReferralAbuser).toBe(true);
    expect((await call(t, { url: '/referral', token: referrer.token })).body).toMatchObject({
      count: 2,
      count_with_orders: 2,
      earn: 0,
    });
    await expectLedgerConsistent(t, [referrer, self, friend]);
  });
});

describe('the same-device signal (decision 017)', () => {
  const deviceOf = (res: { headers: Record<string, unknown> }) => {
    const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[]) ?? []);
    const device = cookies.find((c) => c.startsWith('geekly_device='));
    return { cookie: device?.split(';')[0] ?? '', header: device ?? '' };
  };
  const signUpIn = (cookie: string, body: Record<string, unknown>) =>
    call(t, {
      url: '/users/client/new',
      cookie,
      body: {
        email: `dev-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'secret pass',
        ...body,
      },
      ip: t.nextIp(),
    });

  it('gives each browser a long-lived HttpOnly device cookie with its sign-up, and keeps a valid one', async () => {
    const res = await signUpIn('', {});
    const { cookie, header } = deviceOf(res);
    expect(cookie).toMatch(/^geekly_device=[\w-]{24}$/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Max-Age=63072000/);
    expect(header).toMatch(/SameSite=Lax/i);
    // A browser that has one keeps it; a forged value is replaced.
    expect(deviceOf(await signUpIn(cookie, {})).cookie).toBe('');
    expect(deviceOf(await signUpIn('geekly_device=x', {})).cookie).toMatch(/^geekly_device=[\w-]{24}$/);
  });

  it('sets it with the first page a browser loads, not with assets or refusals', async () => {
    const bare = Fastify();
    await bare.register(cookie);
    registerDeviceId(bare, t.ctx.config);
    bare.get('/', async (_request, reply) => reply.type('text/html').send('<h1>Landing</h1>'));
    bare.get('/assets/app.js', async (_request, reply) => reply.type('text/javascript').send('1'));
    await bare.ready();
    const page = await bare.inject({ url: '/' });
    expect(deviceOf(page).cookie).toMatch(/^geekly_device=[\w-]{24}$/);
    expect(deviceOf(await bare.inject({ url: '/assets/app.js' })).cookie).toBe('');
    expect(deviceOf(await bare.inject({ url: '/', headers: { cookie: deviceOf(page).cookie } })).cookie).toBe(
      '',
    );
    await bare.close();
    const refused = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: 'nobody@example.com', code: 'x' },
      ip: t.nextIp(),
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it("withholds the bonus from a friend who signed up in the referrer's browser, or whose browser the referrer logged in from", async () => {
    const first = await signUpIn('', {});
    const referrerBrowser = deviceOf(first).cookie;
    const referrer = { token: first.body.jwt as string, id: first.body.user._id as string };
    const code = await codeOf(referrer.token);

    // Signed up in the referrer's browser.
    const same = await signUpIn(referrerBrowser, { referred_by: code });
    const sameFriend = { token: same.body.jwt as string, id: same.body.user._id as string };
    expect(await me(sameFriend.token)).toMatchObject({ isReferralAbuser: true, isReferBonusFlow: false });

    // Signed up elsewhere, but the referrer later logged in from the friend's browser.
    const visited = await signUpIn('', { referred_by: code });
    const visitedBrowser = deviceOf(visited).cookie;
    const visitedFriend = { token: visited.body.jwt as string, id: visited.body.user._id as string };
    expect((await me(visitedFriend.token)).isReferralAbuser).toBe(false);
    const email = (await me(referrer.token)).email as string;
    const login = await call(t, {
      url: '/factor_auth',
      cookie: visitedBrowser,
      body: { type: 'check_code', factor: 'login', value: email, code: 'secret pass' },
      ip: t.nextIp(),
    });
    expect(login.status).toBe(200);
    expect((await me(visitedFriend.token)).isReferralAbuser).toBe(true);

    // A friend on a browser of their own (and a card of their own: decision 029), phone confirmed before
    // paying, earns the referrer the bonus.
    const own = await signUpIn('', { referred_by: code });
    const friend = { token: own.body.jwt as string, id: own.body.user._id as string };
    expect((await me(friend.token)).isReferralAbuser).toBe(false);
    for (const f of [sameFriend, visitedFriend, friend]) {
      await verifyPhone(f.token);
      await payTask(f.token, f === friend ? '4000 0000 0000 0341' : CARDS.success);
    }
    expect((await call(t, { url: '/referral', token: referrer.token })).body).toMatchObject({
      count: 3,
      count_with_orders: 3,
      earn: 10,
    });
    await expectLedgerConsistent(t, [referrer, sameFriend, visitedFriend, friend]);
  });
});

describe('SMS phone verification', () => {
  const lastCode = () => /code is (\d{6})/.exec(t.sentSms().at(-1) ?? '')?.[1] ?? '';

  it('sends a code by SMS to the phone and confirms it', async () => {
    const { token } = await signUpClient(t);
    const none = await call(t, { url: '/users/client/me/phone-verification', token, body: {} });
    expect(none.status).toBe(422);
    await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { phone: '+6591234567', country: 'SG' },
    });
    const sent = await call(t, { url: '/users/client/me/phone-verification', token, body: {} });
    expect(sent.body).toEqual({ sent: true, phone_verified: false });
    expect(t.sentSms().at(-1)).toContain('To: +6591234567');
    const ok = await call(t, {
      url: '/users/client/me/phone-verification/check',
      token,
      body: { code: lastCode() },
    });
    expect(ok.body).toEqual({ phone_verified: true });
    expect((await me(token)).phone_verified).toBe(true);
    // A new phone has to be confirmed again.
    await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { phone: '+6591234568', country: 'SG' },
    });
    expect((await me(token)).phone_verified).toBe(false);
  });

  it('takes at most 5 tries per code, even the right one after that', async () => {
    const { token } = await signUpClient(t);
    await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { phone: '+85291234567', country: 'HK' },
    });
    await call(t, { url: '/users/client/me/phone-verification', token, body: {} });
    const right = lastCode();
    const wrong = right === '000000' ? '111111' : '000000';
    const check = (code: string) =>
      call(t, { url: '/users/client/me/phone-verification/check', token, body: { code } });
    for (let i = 1; i <= 4; i++)
      expect((await check(wrong)).body.error_value).toEqual({ code: 'This code is not correct' });
    expect((await check(wrong)).body.error_value).toEqual({
      code: 'Too many wrong codes. Please send a new one',
    });
    const late = await check(right);
    expect(late.status).toBe(422);
    expect((await me(token)).phone_verified).toBe(false);
    expect((await check('12ab')).status).toBe(422);
    // A new code works.
    await call(t, { url: '/users/client/me/phone-verification', token, body: {} });
    expect((await check(lastCode())).body).toEqual({ phone_verified: true });
  });

  it('expires a code after 10 minutes and sends at most 5 codes an hour', async () => {
    const { token } = await signUpClient(t);
    await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { phone: '+96891234567', country: 'OM' },
    });
    await call(t, { url: '/users/client/me/phone-verification', token, body: {} });
    const start = t.clock.offsetMs;
    t.clock.offsetMs = start + 11 * 60_000;
    const late = await call(t, {
      url: '/users/client/me/phone-verification/check',
      token,
      body: { code: lastCode() },
    });
    expect(late.body.error_value).toEqual({ code: 'This code has expired. Please send a new one' });
    for (let i = 2; i <= 5; i++)
      expect((await call(t, { url: '/users/client/me/phone-verification', token, body: {} })).status).toBe(
        200,
      );
    expect((await call(t, { url: '/users/client/me/phone-verification', token, body: {} })).status).toBe(429);
    t.clock.offsetMs = start;
  });

  it('keeps an unconfirmed number a claim: it blocks nobody, and the first account to check its code wins (issue 35 item 9)', async () => {
    const phone = `+8529${String(Date.now()).slice(-7)}`;
    const squatter = await signUpClient(t);
    const owner = await signUpClient(t);
    const save = (token: string) =>
      call(t, { method: 'PATCH', url: '/users/client/me', token, body: { phone, country: 'HK' } });
    const send = (token: string) => call(t, { url: '/users/client/me/phone-verification', token, body: {} });
    const check = (token: string, code: string) =>
      call(t, { url: '/users/client/me/phone-verification/check', token, body: { code } });
    expect((await save(squatter.token)).status).toBe(200);
    // The squatter's claim does not stop the number's owner.
    const saved = await save(owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phone, phone_verified: false });
    expect((await send(squatter.token)).status).toBe(200);
    const squatterCode = lastCode();
    expect((await send(owner.token)).status).toBe(200);
    const ownerCode = lastCode();
    // The owner reads the SMS and checks first: the number is theirs.
    expect((await check(owner.token, ownerCode)).body).toEqual({ phone_verified: true });
    // The squatter's code (guessed, or read over the owner's shoulder) no longer confirms it.
    const late = await check(squatter.token, squatterCode);
    expect(late.status).toBe(422);
    expect(late.body.error_value).toEqual({
      phone: 'This phone number confirmed another account less than 30 days ago',
    });
    expect((await me(squatter.token)).phone_verified).toBe(false);
    // From now on the number is taken.
    const third = await signUpClient(t);
    expect((await save(third.token)).status).toBe(409);
  });
});

describe('userdef (banner state)', () => {
  it('keeps the banner flags the client saves, and refuses unknown ones', async () => {
    const { token } = await signUpClient(t);
    const res = await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { userdef: { phoneBannerClosed: true, prevTotalBonuses: 20 } },
    });
    expect(res.body.userdef).toEqual({ phoneBannerClosed: true, prevTotalBonuses: 20 });
    const again = await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { userdef: { isReferBonusShown: true } },
    });
    expect(again.body.userdef).toEqual({
      phoneBannerClosed: true,
      prevTotalBonuses: 20,
      isReferBonusShown: true,
    });
    const bad = await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token,
      body: { userdef: { admin: true } },
    });
    expect(bad.status).toBe(422);
  });
});
