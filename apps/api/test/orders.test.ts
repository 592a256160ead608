import { orderResponseSchema } from '@geekly/domain/orders/order-response-schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countQueries,
  createTestApp,
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

const HOUR = 3_600_000;

describe('POST /orders', () => {
  it('creates a task with the canonical course name and a default deadline 72 h ahead on a full hour', async () => {
    const { token } = await signUpClient(t);
    const before = Date.now();
    const res = await call(t, {
      url: '/orders',
      token,
      body: { title: '  Essay on Hamlet ', subject: 'english' },
    });
    expect(res.status).toBe(201);
    const order = await call(t, { url: `/orders/${res.body._id}`, token });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      _id: res.body._id,
      title: 'Essay on Hamlet',
      subject: 'English',
      size: '0 pages',
      level: 'College',
      spacing: 'double',
      price: null,
      client_paid: 0,
      system_client_status: 'New project',
    });
    const deadline = new Date(order.body.deadline).getTime();
    expect(deadline % HOUR).toBe(0);
    expect(deadline).toBeGreaterThanOrEqual(before + 72 * HOUR);
    expect(deadline).toBeLessThanOrEqual(before + 73 * HOUR);
    expect(order.body.status.label).toBe('New Task');
  });

  it('numbers tasks sequentially', async () => {
    const { token } = await signUpClient(t);
    const a = await call(t, { url: '/orders', token, body: { title: 'A', subject: 'English' } });
    const b = await call(t, { url: '/orders', token, body: { title: 'B', subject: 'English' } });
    const [na, nb] = await Promise.all([
      call(t, { url: `/orders/${a.body._id}`, token }),
      call(t, { url: `/orders/${b.body._id}`, token }),
    ]);
    expect(nb.body.number).toBeGreaterThan(na.body.number);
  });

  it.each([
    [{ title: '', subject: 'English' }, 'title', 'Please, name your task'],
    [{ title: '   ', subject: 'English' }, 'title', 'Please, name your task'],
    [{ title: 'Essay', subject: '' }, 'subject', 'Tell us what course you are taking'],
    [
      { title: 'Essay', subject: 'Underwater basket weaving' },
      'subject',
      'Please choose course from the list',
    ],
  ])('rejects %j with 422 and the spec message, creating nothing', async (body, field, message) => {
    const { token } = await signUpClient(t);
    const res = await call(t, { url: '/orders', token, body });
    expect(res.status).toBe(422);
    expect(res.body.error_value[field]).toBe(message);
    expect((await call(t, { url: '/orders?page=0', token })).body.total).toBe(0);
  });

  it('answers 400, not 5xx, for a body that is not JSON', async () => {
    const { token } = await signUpClient(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/orders',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Request JSON error');
  });

  it('requires authentication', async () => {
    expect((await call(t, { url: '/orders', body: { title: 'x', subject: 'English' } })).status).toBe(401);
  });
});

describe('GET /orders', () => {
  it("lists only the caller's tasks, newest first, with the total", async () => {
    const alice = await signUpClient(t);
    const bob = await signUpClient(t);
    for (const title of ['First', 'Second', 'Third']) {
      await call(t, { url: '/orders', token: alice.token, body: { title, subject: 'Calculus' } });
    }
    await call(t, { url: '/orders', token: bob.token, body: { title: 'Bob task', subject: 'English' } });
    const res = await call(t, { url: '/orders?page=0', token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.results.map((o: { title: string }) => o.title)).toEqual(['Third', 'Second', 'First']);
    expect(res.body.results[0]).toMatchObject({ messages_count: 0, status: { key: expect.any(String) } });
  });

  it('prices and builds a page in the same number of queries whatever its size, in the documented shape', async () => {
    // The statements of one request for the first page.
    const queriesFor = async (token: string) => {
      const {
        n,
        texts,
        result: res,
      } = await countQueries(t, () => call(t, { url: '/orders?page=0', token }));
      expect(res.status).toBe(200);
      return { n, texts, body: res.body };
    };
    const small = await signUpClient(t);
    const large = await signUpClient(t);
    for (const [who, count] of [
      [small, 1],
      [large, 12],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const order = await pricedOrder(t, who.token);
        await call(t, {
          method: 'PATCH',
          url: `/orders/${order._id}`,
          token: who.token,
          body: { discount: 'NEWUSER' },
        });
      }
    }
    const one = await queriesFor(small.token);
    const twelve = await queriesFor(large.token);
    expect(twelve.body.results).toHaveLength(12);
    expect(one.n).toBeGreaterThan(3);
    expect(twelve.n).toBe(one.n);
    // Written without re-validation on each request: checked against the schema here instead.
    for (const view of twelve.body.results) expect(orderResponseSchema.parse(view)).toEqual(view);
    const single = await call(t, { url: `/orders/${twelve.body.results[0]._id}`, token: large.token });
    expect(orderResponseSchema.parse(single.body)).toEqual(single.body);
    expect(single.body.discount_valid).toBe(true);
    // The list's paid amount comes from the same statement as its page: it must match the task's own view.
    const listed = twelve.body.results.find((o: { _id: string }) => o._id === single.body._id);
    expect(listed.client_paid).toBe(single.body.client_paid);

    // Without coupon codes, a page and one task are one statement each: the read checks the session and
    // brings the paid amounts, message counts, subscriptions, Geeks and total (decisions 016 and 025).
    const plain = await signUpClient(t);
    const order = await pricedOrder(t, plain.token);
    const plainPage = await queriesFor(plain.token);
    expect(plainPage.n).toBe(1);
    // The page size and the code's constants are in the statement's text, not parameters: PostgreSQL's
    // generic plan for the prepared page is then the index scan, so it stops planning each request (025).
    expect(plainPage.texts[0]).toMatch(/ limit 50$/);
    expect(plainPage.texts[0]).toContain('"client_remove" = false');
    expect(plainPage.texts[0]).toContain(`"system_client_status" <> 'Deleted'`);
    const plainView = await countQueries(t, () =>
      call(t, { url: `/orders/${order._id}`, token: plain.token }),
    );
    expect(plainView.result.status).toBe(200);
    expect(plainView.n).toBe(1);
    // A page of unpriced drafts (title and subject only) next to priced tasks is one statement too (issue 25).
    for (let i = 0; i < 3; i++) {
      const draft = await call(t, {
        url: '/orders',
        token: plain.token,
        body: { title: `Draft ${i}`, subject: 'English' },
      });
      expect(draft.status).toBe(201);
    }
    const drafts = await queriesFor(plain.token);
    expect(drafts.n).toBe(1);
    expect(drafts.body.results).toHaveLength(4);
    expect(drafts.body.results.filter((o: { price: number | null }) => o.price === null)).toHaveLength(3);
  });

  it('checks the session in the read itself: a logged-out or staff token gets 401, never the tasks', async () => {
    const alice = await signUpClient(t);
    const order = await pricedOrder(t, alice.token);
    const staff = await staffToken(t);
    for (const url of ['/orders?page=0', '/orders?page=5', `/orders/${order._id}`, '/orders/not-a-uuid']) {
      const res = await call(t, { url, token: staff });
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual({ detail: 'Not authenticated' });
    }
    expect((await call(t, { url: `/orders/${order._id}`, token: alice.token })).status).toBe(200);
    expect((await call(t, { url: '/logout', method: 'POST', token: alice.token })).status).toBeLessThan(300);
    for (const url of ['/orders?page=0', '/orders?page=5', `/orders/${order._id}`, '/orders/not-a-uuid']) {
      const res = await call(t, { url, token: alice.token });
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual({ detail: 'Not authenticated' });
    }
  });

  it('pages past the end return an empty list with the same total', async () => {
    const { token } = await signUpClient(t);
    await call(t, { url: '/orders', token, body: { title: 'Only', subject: 'English' } });
    const res = await call(t, { url: '/orders?page=1', token });
    expect(res.body).toEqual({ results: [], total: 1 });
  });

  it('rejects a bad page with 422', async () => {
    const { token } = await signUpClient(t);
    expect((await call(t, { url: '/orders?page=-1', token })).status).toBe(422);
    expect((await call(t, { url: '/orders?page=abc', token })).status).toBe(422);
  });
});

describe("another user's task", () => {
  it('answers 404, exactly like a task that does not exist', async () => {
    const alice = await signUpClient(t);
    const bob = await signUpClient(t);
    const created = await call(t, {
      url: '/orders',
      token: alice.token,
      body: { title: 'Mine', subject: 'English' },
    });
    const theirs = await call(t, { url: `/orders/${created.body._id}`, token: bob.token });
    const missing = await call(t, { url: '/orders/00000000-0000-4000-8000-000000000000', token: bob.token });
    const malformed = await call(t, { url: '/orders/not-a-uuid', token: bob.token });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/v3/openapi.json as OpenAPI 3.1', async () => {
    const res = await t.app.inject({ url: '/api/v3/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/v3/orders',
      '/api/v3/orders/{id}',
      '/api/v3/factor_auth',
      '/api/v3/users/client/me',
      '/api/v3/orders/{id}/pay',
      '/api/v3/discount_check',
      '/api/v3/ops/session',
      '/api/v3/ops/orders/{id}/transitions',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(
      doc.paths['/api/v3/orders'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('subject');
  });

  it('answers the health check', async () => {
    const res = await t.app.inject({ url: '/api/v3/health' });
    expect(res.json()).toMatchObject({ status: 'ok', staging: false });
  });
});
