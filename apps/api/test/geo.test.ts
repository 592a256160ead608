import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers/test-app.ts';

describe('GET /geo: the caller country for the cookie banner', () => {
  describe('without a proxy (offline IP database)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    it("answers the address's country and ignores a forged country header", async () => {
      const expected = t.ctx.ipCountry('8.8.8.8');
      expect(expected).toMatch(/^[A-Z]{2}$/);
      const res = await call(t, { url: '/geo', ip: '8.8.8.8', headers: { 'cf-ipcountry': 'DE' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ country_code: expected });
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('answers null for an address with no country (a private network)', async () => {
      const res = await call(t, { url: '/geo', ip: '10.1.2.3' });
      expect(res.body).toEqual({ country_code: null });
    });
  });

  describe('behind a trusted proxy (country header)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '1', COUNTRY_HEADER: 'cf-ipcountry' });
    });
    afterAll(async () => t?.close());

    it("takes the proxy's header, upper-cased, and falls back to the database when it is not a code", async () => {
      expect((await call(t, { url: '/geo', headers: { 'cf-ipcountry': 'de' } })).body).toEqual({
        country_code: 'DE',
      });
      const bad = await call(t, { url: '/geo', ip: '10.1.2.3', headers: { 'cf-ipcountry': 'XX1' } });
      expect(bad.body).toEqual({ country_code: null });
    });
  });
});
