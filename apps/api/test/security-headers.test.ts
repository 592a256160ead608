import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../src/plugins/security-headers.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it("are on every answer, API or page, as helmet sets them for the app's policy", async () => {
    const { token } = await signUpClient(t);
    const answers = [
      await call(t, { url: '/orders?page=0', token }),
      await call(t, { url: '/users/client/me', token }),
      await call(t, { url: '/no-such-call', token }),
      await t.app.inject({ url: '/about-us' }),
    ];
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // The test app's public address is http://: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('reads HSTS from the options: on for an https address', () => {
    const names = (hsts: boolean) => helmetHeaders({ hsts }).map(([name]) => name.toLowerCase());
    expect(names(true)).toContain('strict-transport-security');
    expect(names(false)).not.toContain('strict-transport-security');
  });
});
