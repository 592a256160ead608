import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redactUrl, routeConsoleToLogger } from '../src/lib/logger.ts';
import { CARDS, expectLedgerConsistent, payWithCard } from './helpers/sandbox-card.ts';
import {
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Decision 032: JSON logs with a request id that reaches the audit rows and the mail logs, no secret in any line,
// and the Prometheus metrics behind METRICS_TOKEN.
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  // The most talkative level: whatever Fastify or the app writes at any level is in the grep.
  t = await createTestApp({ METRICS_TOKEN }, { logger: createLogger('trace', sink) });
});
afterAll(async () => {
  await t?.close();
});

const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const mailBody = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
const metrics = (authorization?: string) =>
  t.app.inject({ url: '/api/v3/metrics', headers: authorization ? { authorization } : {} });

describe('logs of a full flow', () => {
  it('carry no password, session token, card field, log-in link token or secret', async () => {
    const password = `pw-${randomBytes(9).toString('base64url')}`;
    const email = `logs-${randomBytes(3).toString('hex')}@example.com`;
    const secrets: string[] = [password, t.sandboxSecret];

    // Sign-up: the password in the body, the session in the answer and in a cookie.
    const signedUp = await call(t, { url: '/users/client/new', body: { email, password }, ip: t.nextIp() });
    expect(signedUp.status).toBe(201);
    secrets.push(signedUp.body.jwt);
    const cookie = String(signedUp.headers['set-cookie']).split(';')[0] ?? '';
    secrets.push(cookie.split('=')[1] ?? '');
    // A refused log-in (a wrong password) and a good one.
    const wrong = `${password}-wrong`;
    secrets.push(wrong);
    const refused = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: email, code: wrong, get_user: true },
      ip: t.nextIp(),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const loggedIn = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: email, code: password, get_user: true },
      ip: t.nextIp(),
    });
    expect(loggedIn.status).toBe(200);
    const token = loggedIn.body.jwt as string;
    secrets.push(token);
    // A request by cookie, as the browser sends it.
    expect((await call(t, { url: '/users/client/me', cookie })).status).toBe(200);

    // Pay a task by sandbox card on the card page.
    const order = await pricedOrder(t, token, { pages: 1 });
    const pay = await call(t, { url: `/orders/${order._id}/pay`, token, body: {} });
    expect(pay.status).toBe(200);
    secrets.push(
      ...Object.values(pay.body.gateway.fields as Record<string, string>).filter((v) => v.length >= 32),
    );
    const paid = await payWithCard(t, pay.body.gateway, CARDS.success, {
      cvc: '947',
      name: 'Zebulon Cardholder',
    });
    expect(paid.status).toBe(303);
    secrets.push('4242424242424242', CARDS.success, 'Zebulon Cardholder');
    expect((await call(t, { url: `/orders/${order._id}`, token })).body.client_paid).toBe(order.price);

    // The mails (welcome, receipt) go out; the receipt's log-in link is opened, then spent.
    await t.ctx.mailer.drain();
    const link = t
      .sentMail()
      .map(mailBody)
      .map((m) => /http:\/\/localhost:3000(\/login\/([A-Za-z0-9_-]{43})[^\s"<]*)/.exec(m))
      .find(Boolean);
    expect(link).toBeTruthy();
    const [, path, loginToken] = link ?? [];
    secrets.push(loginToken ?? 'missing');
    await t.app.inject({ url: path ?? '/' });
    const byLink = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'token', value: loginToken },
      ip: t.nextIp(),
    });
    expect(byLink.status).toBe(200);
    secrets.push(byLink.body.jwt);

    // The logs are there and are JSON lines with a request id…
    expect(lines.length).toBeGreaterThan(30);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.filter((l) => JSON.parse(l).reqId).length).toBeGreaterThan(20);
    expect(lines.some((l) => l.includes('"mail sent"'))).toBe(true);
    // …and none of them holds a secret.
    const all = lines.join('\n');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(
        all.includes(secret),
        `a log line holds ${secret.slice(0, 6)}…: ${lines.find((l) => l.includes(secret))}`,
      ).toBe(false);
    }
    expect(all).not.toMatch(/"cvc"\s*:\s*"947"/);
    expect(all).not.toMatch(/authorization"\s*:\s*"Bearer/i);
    await expectLedgerConsistent(t);
  });

  it("turn the workers' console.error into JSON lines, addresses scrubbed", () => {
    const original = { error: console.error, warn: console.warn };
    const start = lines.length;
    try {
      routeConsoleToLogger(createLogger('info', sink));
      console.error('PostgreSQL LISTEN connection failed:', new Error('connection refused'));
      console.warn(`mail link /login/${'b'.repeat(43)} bounced`);
    } finally {
      Object.assign(console, original);
    }
    const [err, warn] = lines.slice(start).map((l) => JSON.parse(l));
    expect(err).toMatchObject({ level: 50, msg: 'PostgreSQL LISTEN connection failed:' });
    expect(err.err.message).toBe('connection refused');
    expect(warn).toMatchObject({ level: 40, msg: 'mail link /login/… bounced' });
  });

  it('redact query values and token-like path segments, and keep ids', () => {
    expect(redactUrl('/api/v3/orders/1b4e28ba-2fa1-11d2-883f-0030c04f4a51?page=0')).toBe(
      '/api/v3/orders/1b4e28ba-2fa1-11d2-883f-0030c04f4a51?page=…',
    );
    expect(redactUrl(`/login/${'a'.repeat(43)}?to=%2Forder%2F1`)).toBe('/login/…?to=…');
    expect(redactUrl('/storage/objects/k?expires=1&signature=abc')).toBe(
      '/storage/objects/k?expires=…&signature=…',
    );
  });
});

describe('request ids', () => {
  it('are answered in X-Request-Id and reach the audit row and the queued mail of that request', async () => {
    const ops = await staffToken(t);
    const client = await signUpClient(t);
    const credit = await call(t, {
      url: `/ops/users/${client.id}/balance-credits`,
      token: ops,
      body: { amount: 5, memo: 'goodwill', idempotency_key: randomBytes(8).toString('hex') },
    });
    expect(credit.status).toBe(200);
    const requestId = String(credit.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const audit = await rows(sql`select request_id from audit_log where subject_id = ${client.id}`);
    expect(audit.map((r) => r.request_id)).toEqual([requestId]);
    // Fastify's own lines for that request carry the same id.
    expect(lines.some((l) => JSON.parse(l).reqId === requestId)).toBe(true);

    const email = `rid-${randomBytes(3).toString('hex')}@example.com`;
    const signedUp = await call(t, {
      url: '/users/client/new',
      body: { email, password: 'correct horse battery' },
      ip: t.nextIp(),
    });
    const signUpId = String(signedUp.headers['x-request-id']);
    const queued = await rows(sql`select id, request_id from mail_outbox where "to" = ${email}`);
    expect(queued.length).toBeGreaterThan(0);
    for (const m of queued) expect(m.request_id).toBe(signUpId);
    await t.ctx.mailer.drain();
    const sentLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'mail sent');
    for (const m of queued) expect(sentLines.find((l) => l.mailId === m.id)?.reqId).toBe(signUpId);
  });

  it('ignore a client-sent X-Request-Id unless a trusted proxy set it', async () => {
    const res = await t.app.inject({
      url: '/api/v3/health',
      headers: { 'x-request-id': 'forged-request-id-1' },
    });
    expect(res.headers['x-request-id']).not.toBe('forged-request-id-1');
  });
});

describe('GET /api/v3/metrics', () => {
  it('is a 404 without the token, with a wrong one, and when METRICS_TOKEN is unset', async () => {
    expect((await metrics()).statusCode).toBe(404);
    expect((await metrics(`Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(404);
    expect((await metrics(METRICS_TOKEN)).statusCode).toBe(404);
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        url: '/api/v3/metrics',
        headers: { authorization: 'Bearer anything-at-all' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found' });
    } finally {
      await bare.close();
    }
  });

  it('answers Prometheus text: requests by route, streams, payments, webhooks, mail, autopilot, pool', async () => {
    const res = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /geekly_http_requests_total\{method="POST",route="\/api\/v3\/users\/client\/new",status="201"\} \d+/,
    );
    expect(text).toMatch(
      /geekly_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/v3\/orders\/:id"\}/,
    );
    expect(text).toMatch(/geekly_payments_total\{purpose="order",outcome="succeeded"\} [1-9]/);
    expect(text).toMatch(/geekly_webhooks_total\{gateway="sandbox",result="applied"\} [1-9]/);
    expect(text).toMatch(/geekly_mail_total\{result="sent"\} [1-9]/);
    expect(text).toMatch(/geekly_event_streams_open\{kind="client"\} 0/);
    expect(text).toContain('# TYPE geekly_autopilot_steps_total counter');
    expect(text).toContain('# TYPE geekly_db_pool_connections gauge');
    if (t.ctx.database.kind === 'postgres')
      expect(text).toMatch(/geekly_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toContain('geekly_process_cpu_seconds_total');
  });

  it('counts a refused webhook', async () => {
    const before = /geekly_webhooks_total\{gateway="sandbox",result="refused"\} (\d+)/.exec(
      (await metrics(`Bearer ${METRICS_TOKEN}`)).body,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'geekly-signature': 't=1,v1=00' },
      payload: '{"id":"evt_forged"}',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const after = /geekly_webhooks_total\{gateway="sandbox",result="refused"\} (\d+)/.exec(
      (await metrics(`Bearer ${METRICS_TOKEN}`)).body,
    );
    expect(Number(after?.[1])).toBe(Number(before?.[1] ?? 0) + 1);
  });
});
