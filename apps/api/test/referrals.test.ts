import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { loginKeyOf } from '../src/modules/auth/login-key.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const referredByOf = async (id: string) =>
  (await t.db.select({ r: users.referredBy }).from(users).where(eq(users.id, id)))[0]?.r;
const signUpWith = (body: Record<string, unknown>) =>
  call(t, {
    url: '/users/client/new',
    body: {
      email: `ref-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'secret pass',
      ...body,
    },
    ip: t.nextIp(),
  });

describe('sign-up with referred_by', () => {
  it("stores an existing user's referral code, whatever its case", async () => {
    const referrer = await signUpClient(t);
    const code = (await call(t, { url: '/users/client/me', token: referrer.token })).body.referral_code;
    const res = await signUpWith({ referred_by: ` ${code.toLowerCase()} ` });
    expect(res.status).toBe(201);
    expect(await referredByOf(res.body.user._id)).toBe(code);
  });

  it('signs up but stores nothing for a code nobody has, or for a secret login key', async () => {
    const other = await signUpClient(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, other.id));
    for (const referred_by of ['NOSUCH99', row ? loginKeyOf(t.ctx.tokens, row) : '']) {
      const res = await signUpWith({ referred_by });
      expect(res.status).toBe(201);
      expect(await referredByOf(res.body.user._id)).toBeNull();
    }
  });

  it('keeps the landing page and its query', async () => {
    const res = await signUpWith({ profile_landing: '/lp1_c2_fb', profile_landing_query: '?utm_source=x' });
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.user._id));
    expect(row).toMatchObject({ profileLanding: '/lp1_c2_fb', profileLandingQuery: '?utm_source=x' });
  });
});

describe("factor 'key'", () => {
  it('never logs in with a public referral code, in any case', async () => {
    const client = await signUpClient(t);
    const code: string = (await call(t, { url: '/users/client/me', token: client.token })).body.referral_code;
    for (const value of [code, code.toLowerCase()]) {
      const res = await call(t, {
        url: '/factor_auth',
        body: { type: 'check_code', factor: 'key', value },
        ip: t.nextIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Cant find code' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});
