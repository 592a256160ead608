import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTokens } from '../src/db/schema.ts';
import { issueLoginToken, LOGIN_TOKEN_TTL_MS } from '../src/modules/auth/login-tokens.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const byToken = (value: string) =>
  call(t, { url: '/factor_auth', body: { type: 'check_code', factor: 'token', value }, ip: t.nextIp() });

/** The body of an .eml file, with quoted-printable soft line breaks and escapes undone. */
const mailBody = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe('one-time log-in tokens (factor token)', () => {
  it('logs in once with the stored redirect path, then answers "Cant find code"', async () => {
    const client = await signUpClient(t);
    const token = await issueLoginToken(t.db, client.id, '/order/abc', t.ctx.now());
    const first = await byToken(token);
    expect(first.status).toBe(200);
    expect(first.body.user._id).toBe(client.id);
    expect(first.body.redirect_path).toBe('/order/abc');
    expect(String(first.headers['set-cookie'])).toMatch(/auth_token=/);
    const again = await byToken(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'Cant find code' });
  });

  it('stores only the SHA-256 of the token, expiring after 24 hours', async () => {
    const client = await signUpClient(t);
    const now = t.ctx.now();
    const token = await issueLoginToken(t.db, client.id, '/orders', now);
    const hash = createHash('sha256').update(token).digest('hex');
    // (the sign-up's welcome mail holds a token of its own)
    const rows = await t.db.select().from(loginTokens).where(eq(loginTokens.userId, client.id));
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.tokenHash === hash);
    expect(row).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(now.getTime() + LOGIN_TOKEN_TTL_MS);
  });

  it('refuses an expired token and accepts one just inside its 24 hours', async () => {
    const client = await signUpClient(t);
    const now = Date.now();
    const expired = await issueLoginToken(
      t.db,
      client.id,
      '/orders',
      new Date(now - LOGIN_TOKEN_TTL_MS - 1000),
    );
    const fresh = await issueLoginToken(
      t.db,
      client.id,
      '/orders',
      new Date(now - LOGIN_TOKEN_TTL_MS + 60_000),
    );
    expect((await byToken(expired)).body).toEqual({ detail: 'Cant find code' });
    expect((await byToken(fresh)).status).toBe(200);
  });

  it('refuses an unknown token and a user’s secret key or referral code sent as a token', async () => {
    const client = await signUpClient(t);
    const me = await call(t, { url: '/users/client/me', token: client.token });
    for (const value of ['nonsense-token', me.body.referral_code]) {
      expect((await byToken(value)).body).toEqual({ detail: 'Cant find code' });
    }
  });

  it('lets exactly one of two concurrent requests spend a token', async () => {
    const client = await signUpClient(t);
    for (let round = 0; round < 5; round++) {
      const token = await issueLoginToken(t.db, client.id, '/orders', t.ctx.now());
      const results = await Promise.all([byToken(token), byToken(token)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    }
  });

  it('refuses to issue a token leading off the site', async () => {
    const client = await signUpClient(t);
    await expect(issueLoginToken(t.db, client.id, '//evil.example', t.ctx.now())).rejects.toThrow();
  });
});

describe('order notice mails', () => {
  it('link to /login/{token} that opens the task, once', async () => {
    const ops = await staffToken(t);
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1 });
    await creditBalance(t, ops, client.id, 100);
    const before = t.sentMail().length;
    const paid = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: client.token,
      body: { account_balance_use: 10_000 },
    });
    expect(paid.status).toBe(200);
    await t.ctx.mailer.drain();
    const mail = t
      .sentMail()
      .slice(before)
      .map(mailBody)
      .find((m) => m.includes(`To: ${client.email}`) && m.includes('This means a Geek can work on it.'));
    expect(mail).toBeDefined();
    const token = /http:\/\/localhost:3000\/login\/([A-Za-z0-9_-]{43})\b/.exec(mail ?? '')?.[1];
    expect(token).toBeDefined();

    const first = await byToken(token ?? '');
    expect(first.status).toBe(200);
    expect(first.body.user._id).toBe(client.id);
    expect(first.body.redirect_path).toBe(`/order/${order._id}`);
    expect((await byToken(token ?? '')).status).toBe(400);
  });

  it('leave no token behind when the transition is refused', async () => {
    const client = await signUpClient(t);
    const order = await pricedOrder(t, client.token, { pages: 1 });
    const tokensBefore = await t.db.select().from(loginTokens).where(eq(loginTokens.userId, client.id));
    // No money on the balance: the payment is refused and rolled back, mail and token included.
    const refused = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: client.token,
      body: { account_balance_use: 10_000 },
    });
    expect(refused.status).toBe(409);
    const tokensAfter = await t.db.select().from(loginTokens).where(eq(loginTokens.userId, client.id));
    expect(tokensAfter).toHaveLength(tokensBefore.length);
  });
});
