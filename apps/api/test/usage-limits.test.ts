import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { presign } from './helpers/files.ts';
import { call, createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

// Decision 030: per-user limits on what costs storage, mail or SMS. Each refusal is a 429 with Retry-After and
// the message the app shows; the counts live in PostgreSQL, so a second API process sees them too.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    UPLOADS_PER_HOUR: '3',
    UPLOAD_MB_PER_DAY: '50',
    MESSAGES_PER_MINUTE: '3',
    STUDENT_MESSAGES_PER_MINUTE: '5',
    NEW_TASKS_PER_HOUR: '4',
    SMS_CODES_PER_PHONE_PER_DAY: '2',
    SMS_CODES_PER_ADDRESS_PER_HOUR: '2',
  });
});
afterAll(() => t.close());

const MB = 1024 * 1024;

function expectRefusal(
  res: { status: number; headers: Record<string, unknown>; body: { detail: string } },
  maxSeconds: number,
  text: RegExp,
) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
  expect(res.body).toMatchObject({ error_type: 'rate_limited' });
  expect(res.body.detail).toMatch(text);
}

describe('signed uploads', () => {
  it('allows UPLOADS_PER_HOUR signatures per client, then a 429 with Retry-After; others are not held back', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    // A file refused for itself (a 422) signs nothing and counts nothing.
    expect(
      (await presign(t, c.token, o._id, { name: 'a.exe', size: 10, type: 'application/x-msdownload' }))
        .status,
    ).toBe(422);
    for (let i = 0; i < 3; i++)
      expect((await presign(t, c.token, o._id, { name: `f${i}.pdf`, size: 1000 })).status).toBe(201);
    const refused = await presign(t, c.token, o._id, { name: 'f4.pdf', size: 1000 });
    expectRefusal(
      refused,
      3600,
      /^You have uploaded many files in the last hour\. Please try again in (\d+ minutes|an hour)\.$/,
    );
    // The limit is the user's, on every task of theirs, and nobody else's.
    const other = await pricedOrder(t, c.token);
    expect((await presign(t, c.token, other._id, { name: 'x.pdf', size: 1000 })).status).toBe(429);
    const d = await signUpClient(t);
    const theirs = await pricedOrder(t, d.token);
    expect((await presign(t, d.token, theirs._id, { name: 'x.pdf', size: 1000 })).status).toBe(201);
  });

  it('allows UPLOAD_MB_PER_DAY of signed sizes per client; a refused size takes nothing', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    expect((await presign(t, c.token, o._id, { name: 'big.pdf', size: 30 * MB })).status).toBe(201);
    const refused = await presign(t, c.token, o._id, { name: 'big2.pdf', size: 30 * MB });
    expectRefusal(
      refused,
      86_400,
      /^You have uploaded a lot of data today\. Please try again in \d+ hours\.$/,
    );
    expect((await presign(t, c.token, o._id, { name: 'small.pdf', size: 10 * MB })).status).toBe(201);
  });
});

describe('messages', () => {
  const send = (app: TestApp['app'], token: string, orderId: string, message: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v3/orders/${orderId}/messages`,
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
      payload: { message },
    });

  it('allows MESSAGES_PER_MINUTE on one task, then a 429 with Retry-After; another task is not held back', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    for (let i = 0; i < 3; i++)
      expect((await send(t.app, c.token, o._id, `Question ${i}`)).statusCode).toBe(201);
    const refused = await send(t.app, c.token, o._id, 'One more');
    expectRefusal(
      { status: refused.statusCode, headers: refused.headers, body: refused.json() },
      60,
      /^You are sending messages too fast\. Please try again in a minute\.$/,
    );
    const list = await call(t, { url: `/orders/${o._id}/messages`, token: c.token });
    expect(list.body.results).toHaveLength(3);
    const other = await pricedOrder(t, c.token);
    expect((await send(t.app, c.token, other._id, 'Hello')).statusCode).toBe(201);
    // When the minute is over, the task may send again.
    await t.db.execute(
      sql`update rate_limits set window_ends_at = now() - interval '1 second' where key = ${`quota:messages:${o._id}`}`,
    );
    expect((await send(t.app, c.token, o._id, 'Later')).statusCode).toBe(201);
  });

  it('allows STUDENT_MESSAGES_PER_MINUTE across all of a client’s tasks (issue 35 item 8)', async () => {
    const c = await signUpClient(t);
    const tasks = [
      await pricedOrder(t, c.token),
      await pricedOrder(t, c.token),
      await pricedOrder(t, c.token),
    ];
    const ids = tasks.map((task) => task._id as string);
    for (const [i, id] of [ids[0], ids[0], ids[1], ids[1], ids[2]].entries())
      expect((await send(t.app, c.token, id ?? '', `Question ${i}`)).statusCode).toBe(201);
    // Each task is under its own limit, but the client has sent 5 this minute.
    const refused = await send(t.app, c.token, ids[2] ?? '', 'One more');
    expectRefusal(
      { status: refused.statusCode, headers: refused.headers, body: refused.json() },
      60,
      /^You are sending messages too fast\. Please try again in a minute\.$/,
    );
    const other = await signUpClient(t);
    const theirs = await pricedOrder(t, other.token);
    expect((await send(t.app, other.token, theirs._id, 'Hello')).statusCode).toBe(201);
  });

  it('counts in the database: a second API process on the same database sees the same count', async () => {
    const second = await buildApp(t.ctx, { webRoot: join(t.ctx.config.DATA_DIR, 'no-web-build') });
    await second.ready();
    try {
      const c = await signUpClient(t);
      const o = await pricedOrder(t, c.token);
      expect((await send(t.app, c.token, o._id, 'one')).statusCode).toBe(201);
      expect((await send(second, c.token, o._id, 'two')).statusCode).toBe(201);
      expect((await send(t.app, c.token, o._id, 'three')).statusCode).toBe(201);
      expect((await send(second, c.token, o._id, 'four')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('SMS codes', () => {
  let phoneCounter = 0;
  const newPhone = () => `+8529${String(Date.now() + ++phoneCounter).slice(-7)}`;

  async function clientWithPhone(phone: string) {
    const c = await signUpClient(t);
    const saved = await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token: c.token,
      body: { phone, country: 'HK' },
    });
    expect(saved.status).toBe(200);
    return c;
  }
  const sendCode = (token: string, ip: string) =>
    call(t, { url: '/users/client/me/phone-verification', token, body: {}, ip });

  it('allows SMS_CODES_PER_PHONE_PER_DAY to one number, whichever accounts and addresses ask', async () => {
    const phone = newPhone();
    const sent = t.sentSms().length;
    // One account at a time holds a number: each asks for a code, then moves to another number.
    const askThenRelease = async () => {
      const c = await clientWithPhone(phone);
      const res = await sendCode(c.token, t.nextIp());
      const moved = await call(t, {
        method: 'PATCH',
        url: '/users/client/me',
        token: c.token,
        body: { phone: newPhone(), country: 'HK' },
      });
      expect(moved.status).toBe(200);
      return res;
    };
    expect((await askThenRelease()).status).toBe(200);
    expect((await askThenRelease()).status).toBe(200);
    expectRefusal(
      await askThenRelease(),
      86_400,
      /^Too many codes were sent to this phone number\. Please try again in \d+ hours\.$/,
    );
    expect(t.sentSms().length).toBe(sent + 2);
    expect((await sendCode((await clientWithPhone(newPhone())).token, t.nextIp())).status).toBe(200);
  });

  it('lets one account spend at most half of a number’s daily codes (issue 35 item 9)', async () => {
    // SMS_CODES_PER_PHONE_PER_DAY is 2 here: an account claiming someone's number gets 1 of them.
    const phone = newPhone();
    const squatter = await clientWithPhone(phone);
    expect((await sendCode(squatter.token, t.nextIp())).status).toBe(200);
    expectRefusal(
      await sendCode(squatter.token, t.nextIp()),
      86_400,
      /^Too many codes were sent to this phone number\. Please try again in \d+ hours\.$/,
    );
    const owner = await clientWithPhone(phone);
    expect((await sendCode(owner.token, t.nextIp())).status).toBe(200);
  });

  it('a send the SMS provider fails spends no quota and answers 503 with the message the app shows', async () => {
    const phone = newPhone();
    const c = await clientWithPhone(phone);
    const ip = t.nextIp();
    const sms = t.ctx.sms;
    const send = sms.send.bind(sms);
    sms.send = async () => {
      throw new Error('Twilio: 503 Service Unavailable');
    };
    try {
      for (let i = 0; i < 3; i++) {
        const failed = await sendCode(c.token, ip);
        expect(failed.status).toBe(503);
        expect(failed.body).toMatchObject({
          detail: 'We could not send the SMS right now. Please try again in a few minutes',
          error_type: 'sms_unavailable',
        });
      }
    } finally {
      sms.send = send;
    }
    // Three failures took nothing: the account still gets its half of the number's two codes (decision 052),
    // and the per-phone and per-address limits (2) still allow a second account on the number its code.
    expect((await sendCode(c.token, ip)).status).toBe(200);
    const code = /code is (\d{6})/.exec(t.sentSms().at(-1) ?? '')?.[1] ?? '';
    expectRefusal(await sendCode(c.token, ip), 86_400, /Too many codes/);
    expect((await sendCode((await clientWithPhone(phone)).token, ip)).status).toBe(200);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('allows SMS_CODES_PER_ADDRESS_PER_HOUR from one address, whichever accounts and numbers', async () => {
    const ip = t.nextIp();
    expect((await sendCode((await clientWithPhone(newPhone())).token, ip)).status).toBe(200);
    expect((await sendCode((await clientWithPhone(newPhone())).token, ip)).status).toBe(200);
    const refused = await sendCode((await clientWithPhone(newPhone())).token, ip);
    expectRefusal(
      refused,
      3600,
      /^Too many codes were sent from your network\. Please try again in (\d+ minutes|an hour)\.$/,
    );
    expect((await sendCode((await clientWithPhone(newPhone())).token, t.nextIp())).status).toBe(200);
  });

  it('keeps the per-account limit (decision 018), now with Retry-After', async () => {
    const big = await createTestApp();
    try {
      const c = await signUpClient(big);
      await call(big, {
        method: 'PATCH',
        url: '/users/client/me',
        token: c.token,
        body: { phone: newPhone(), country: 'HK' },
      });
      for (let i = 0; i < 5; i++)
        expect(
          (await call(big, { url: '/users/client/me/phone-verification', token: c.token, body: {} })).status,
        ).toBe(200);
      const refused = await call(big, {
        url: '/users/client/me/phone-verification',
        token: c.token,
        body: {},
      });
      expectRefusal(refused, 3600, /^Too many codes were sent\. Please try again in an hour$/);
    } finally {
      await big.close();
    }
  });
});

describe('new tasks', () => {
  it('allows NEW_TASKS_PER_HOUR per client, then a 429 with Retry-After; a pending task sent again is not new (issue 35 item 8)', async () => {
    const c = await signUpClient(t);
    const create = (body: Record<string, unknown>, token = c.token) =>
      call(t, { url: '/orders', token, body: { title: 'Essay on Hamlet', subject: 'English', ...body } });
    const toid = `toid-${Date.now()}`;
    const pending = await create({ toid });
    expect(pending.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await create({})).status).toBe(201);
    const refused = await create({});
    expectRefusal(
      refused,
      3600,
      /^You have created many tasks in the last hour\. Please try again in an hour\.$/,
    );
    // The pending task sent again (another tab) is the same task, not a new one.
    const again = await create({ toid });
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(pending.body._id);
    expect((await create({ toid: `${toid}-2` })).status).toBe(429);
    const other = await signUpClient(t);
    expect((await create({}, other.token)).status).toBe(201);
  });
});

it('documents the 429 on the calls that have a limit', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();
  for (const [path, method] of [
    ['/api/v3/orders/{id}/uploads', 'post'],
    ['/api/v3/orders/{id}/messages', 'post'],
    ['/api/v3/orders', 'post'],
    ['/api/v3/users/client/me/phone-verification', 'post'],
    ['/api/v3/users/client/new', 'post'],
  ] as const)
    expect(Object.keys(doc.paths[path][method].responses)).toContain('429');
});
