import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

describe('the UK block on sign-up and log-in', () => {
  describe('behind a trusted proxy (country header)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        TRUST_PROXY: '1',
        COUNTRY_HEADER: 'cf-ipcountry',
        BLOCKED_COUNTRIES: 'GB,FR',
      });
    });
    afterAll(async () => t?.close());

    it('refuses sign-up and log-in from a blocked country and allows others', async () => {
      const gb = { 'cf-ipcountry': 'GB' };
      const signUp = await call(t, {
        url: '/users/client/new',
        body: { email: 'uk@example.com', password: 'secret password' },
        headers: gb,
      });
      expect(signUp.status).toBe(403);
      expect(signUp.body.error_type).toBe('blocked_country');
      const fr = await call(t, {
        url: '/users/client/new',
        body: { email: 'fr@example.com', password: 'secret password' },
        headers: { 'cf-ipcountry': 'fr' },
      });
      expect(fr.status).toBe(403);

      const { email, password } = await signUpClient(t);
      const login = (headers: Record<string, string>) =>
        call(t, {
          url: '/factor_auth',
          body: { type: 'check_code', factor: 'login', value: email, code: password },
          headers,
          ip: t.nextIp(),
        });
      expect((await login(gb)).status).toBe(403);
      expect((await login({ 'cf-ipcountry': 'US' })).status).toBe(200);
    });
  });

  describe('behind a proxy that sets no country header (issue 35 item 6)', () => {
    let t: TestApp;
    beforeAll(async () => {
      // The shipped recipe: one Caddy in front, no CDN, so no COUNTRY_HEADER.
      t = await createTestApp({ TRUST_PROXY: '1' });
    });
    afterAll(async () => t?.close());

    it("ignores a client's cf-ipcountry: the UK block and the consent country come from the address", async () => {
      const ukAddress = '81.2.69.160';
      expect(t.ctx.ipCountry(ukAddress)).toBe('GB');
      const signUp = await call(t, {
        url: '/users/client/new',
        body: { email: 'uk3@example.com', password: 'secret password' },
        headers: { 'x-forwarded-for': ukAddress, 'cf-ipcountry': 'US' },
      });
      expect(signUp.status).toBe(403);
      const geo = await call(t, {
        url: '/geo',
        headers: { 'x-forwarded-for': ukAddress, 'cf-ipcountry': 'US' },
      });
      expect(geo.body).toEqual({ country_code: 'GB' });
    });
  });

  describe('without a proxy (offline IP database)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    it('refuses a sign-up from an address the database places in the UK, ignoring a forged header', async () => {
      const ukAddress = t.ctx.ipCountry('81.2.69.160') === 'GB' ? '81.2.69.160' : undefined;
      expect(ukAddress).toBeDefined();
      const res = await call(t, {
        url: '/users/client/new',
        body: { email: 'uk2@example.com', password: 'secret password' },
        ip: ukAddress,
        headers: { 'cf-ipcountry': 'US' },
      });
      expect(res.status).toBe(403);
      const us = await call(t, {
        url: '/users/client/new',
        body: { email: 'us2@example.com', password: 'secret password' },
        ip: '8.8.8.8',
      });
      expect(us.status).toBe(201);
    });
  });
});
