import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

// Decision 030: NUL and lone surrogates are refused in every string of every call (body, query, path), once,
// with a 422 naming the field; the generated fuzz suite sends them in every string field too.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const BAD = '\u0000\uFFFF\uD800';

describe('text with NUL or a lone surrogate', () => {
  it('is a 422 on a message, not a 500, and nothing is stored', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    for (const message of [BAD, 'hello\u0000', 'broken \uDC00 half', 'a\uD83D']) {
      const res = await call(t, { url: `/orders/${order._id}/messages`, token: s.token, body: { message } });
      expect(res.status, JSON.stringify(message)).toBe(422);
      expect(res.body).toMatchObject({
        error_type: 'validation',
        error_value: { message: 'This text contains a character that is not allowed' },
      });
    }
    const list = await call(t, { url: `/orders/${order._id}/messages`, token: s.token });
    expect(list.body.results).toEqual([]);
  });

  it('keeps well-formed text: U+FFFF, emoji and accents are stored as sent', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const message = 'ok \uFFFF 💥 é';
    const res = await call(t, { url: `/orders/${order._id}/messages`, token: s.token, body: { message } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(message);
  });

  it('names the field deep in a body, and refuses a bad object key', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const nested = await call(t, {
      url: `/orders/${order._id}/files`,
      token: s.token,
      body: { files: [{ location: 'orders/x\u0000', name: 'a.pdf', size: 1, type: 'application/pdf' }] },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.error_value).toEqual({
      'files.0.location': 'This text contains a character that is not allowed',
    });
    const key = await call(t, {
      method: 'PATCH',
      url: `/orders/${order._id}`,
      token: s.token,
      body: { 'title\u0000': 'x' },
    });
    expect(key.status).toBe(422);
  });

  it('is a 422 in a sign-up, a query string and a path parameter', async () => {
    const signUp = await call(t, {
      url: '/users/client/new',
      body: { email: `nul${Date.now()}@example.com\u0000`, password: 'correct horse' },
    });
    expect(signUp.status).toBe(422);
    const s = await signUpClient(t);
    const query = await call(t, { url: '/orders?status=%00', token: s.token });
    expect(query.status).toBe(422);
    expect(query.body.error_value).toEqual({ status: 'This text contains a character that is not allowed' });
    const path = await call(t, { url: '/orders/%00/messages', token: s.token });
    expect(path.status).toBe(422);
    expect(path.body.error_value).toEqual({ id: 'This text contains a character that is not allowed' });
  });
});
