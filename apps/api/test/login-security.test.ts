import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { issueLoginToken } from '../src/modules/auth/login-tokens.ts';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Issue 23 items 3, 4 and 5 (decision 028): mailed log-in links, passwords and log-in limits, TRUST_PROXY.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

const byToken = (value: string, app = t) =>
  call(app, { url: '/factor_auth', body: { type: 'check_code', factor: 'token', value }, ip: app.nextIp() });

const login = (email: string, password: string, ip: string, app = t, headers?: Record<string, string>) =>
  call(app, {
    url: '/factor_auth',
    body: { type: 'check_code', factor: 'login', value: email, code: password, get_user: true },
    ip,
    ...(headers ? { headers } : {}),
  });

const staffLogin = (email: string, password: string, ip: string) =>
  call(t, { url: '/ops/session', body: { email, password }, ip });

/** The body of an .eml file, with quoted-printable soft line breaks and escapes undone. */
const mailBody = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function mailsTo(app: TestApp, address: string) {
  await app.ctx.mailer.drain();
  return app
    .sentMail()
    .map(mailBody)
    .filter((m) => m.includes(`To: ${address}`));
}

const uniqueEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.com`;

describe('mailed one-time log-in links', () => {
  it('refuses a link issued before the user logged out (the welcome mail’s link too)', async () => {
    const client = await signUpClient(t);
    const [welcome] = await mailsTo(t, client.email);
    const welcomeToken = /\/login\/([A-Za-z0-9_-]{43})/.exec(welcome ?? '')?.[1];
    expect(welcomeToken).toBeDefined();
    const issued = await issueLoginToken(t.db, client.id, '/orders', t.ctx.now());
    expect((await call(t, { url: '/logout', method: 'POST', token: client.token })).status).toBe(204);
    for (const token of [issued, welcomeToken ?? '']) {
      const res = await byToken(token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Cant find code' });
    }
    // One issued after the log-out works.
    expect((await byToken(await issueLoginToken(t.db, client.id, '/orders', t.ctx.now()))).status).toBe(200);
  });

  it('refuses a link issued before the password changed (a restored password used)', async () => {
    const client = await signUpClient(t);
    const token = await issueLoginToken(t.db, client.id, '/orders', t.ctx.now());
    const restore = await call(t, {
      url: '/users/client/restore',
      body: { email: client.email },
      ip: t.nextIp(),
    });
    expect(restore.status).toBe(200);
    const mail = (await mailsTo(t, client.email)).find((m) => m.includes('Your new Geekly password'));
    const password = /new Geekly password: (\S+)/.exec(mail ?? '')?.[1];
    expect(password).toBeDefined();
    expect((await login(client.email, password ?? '', t.nextIp())).status).toBe(200);
    expect((await byToken(token)).body).toEqual({ detail: 'Cant find code' });
  });

  it('lives 24 hours, not 7 days', async () => {
    const client = await signUpClient(t);
    const now = t.ctx.now().getTime();
    const dayOld = await issueLoginToken(t.db, client.id, '/orders', new Date(now - 25 * HOUR));
    const fresh = await issueLoginToken(t.db, client.id, '/orders', new Date(now - 23 * HOUR));
    expect((await byToken(dayOld)).body).toEqual({ detail: 'Cant find code' });
    expect((await byToken(fresh)).status).toBe(200);
  });
});

describe('a new notification e-mail is confirmed by a link sent to it', () => {
  const confirm = (token: string) =>
    call(t, { url: '/users/client/notification-email/confirm', body: { token }, ip: t.nextIp() });
  const payWithBalance = async (client: { token: string; id: string }) => {
    const order = await pricedOrder(t, client.token, { pages: 1 });
    const paid = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: client.token,
      body: { account_balance_use: 10_000 },
    });
    expect(paid.status).toBe(200);
    return order._id as string;
  };

  it('keeps mail with log-in links on the confirmed address until the new one is confirmed', async () => {
    const ops = await staffToken(t);
    const client = await signUpClient(t);
    await creditBalance(t, ops, client.id, 200);
    const next = uniqueEmail('alerts');
    const patched = await call(t, {
      method: 'PATCH',
      url: '/users/client/me',
      token: client.token,
      body: { notification_email: next, password: client.password },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.notification_email).toBe(client.email);
    expect(patched.body.pending_notification_email).toBe(next);

    // The confirmation mail goes to the new address and logs nobody in.
    const [confirmation, ...others] = await mailsTo(t, next);
    expect(others).toHaveLength(0);
    expect(confirmation).not.toMatch(/\/login\//);
    const token = /http:\/\/localhost:3000\/confirm-email\/([A-Za-z0-9_-]{43})\b/.exec(
      confirmation ?? '',
    )?.[1];
    expect(token).toBeDefined();

    // Before it is confirmed, a mail with a log-in link goes to the old address.
    const firstTask = await payWithBalance(client);
    expect(await mailsTo(t, next)).toHaveLength(1);
    expect((await mailsTo(t, client.email)).some((m) => m.includes(firstTask))).toBe(true);

    const confirmed = await confirm(token ?? '');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ notification_email: next });
    const me = await call(t, { url: '/users/client/me', token: client.token });
    expect(me.body).toMatchObject({ notification_email: next, pending_notification_email: null });
    // Once only.
    expect((await confirm(token ?? '')).status).toBe(404);

    const secondTask = await payWithBalance(client);
    expect((await mailsTo(t, next)).some((m) => m.includes(secondTask))).toBe(true);
  });

  it('refuses a confirmation link after 24 hours, and a replaced one', async () => {
    const client = await signUpClient(t);
    const patch = (email: string) =>
      call(t, {
        method: 'PATCH',
        url: '/users/client/me',
        token: client.token,
        body: { notification_email: email, password: client.password },
      });
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await patch(first);
    await patch(second);
    const tokenOf = async (address: string) =>
      /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec((await mailsTo(t, address))[0] ?? '')?.[1] ?? '';
    // Asking for another address replaces the pending one: the first link is dead.
    expect((await confirm(await tokenOf(first))).status).toBe(404);
    t.clock.offsetMs = 25 * HOUR;
    try {
      const late = await confirm(await tokenOf(second));
      expect(late.status).toBe(404);
      expect(late.body.detail).toBe('This link has expired or was already used');
    } finally {
      t.clock.offsetMs = 0;
    }
    const me = await call(t, { url: '/users/client/me', token: client.token });
    expect(me.body.notification_email).toBe(client.email);
  });

  it('takes the account e-mail back at once, and forgets the pending address', async () => {
    const client = await signUpClient(t);
    const other = uniqueEmail('other');
    const patch = (email: string) =>
      call(t, {
        method: 'PATCH',
        url: '/users/client/me',
        token: client.token,
        body: { notification_email: email, password: client.password },
      });
    expect((await patch(other)).body.pending_notification_email).toBe(other);
    const back = await patch(client.email);
    expect(back.body).toMatchObject({ notification_email: client.email, pending_notification_email: null });
    expect(await mailsTo(t, other)).toHaveLength(1);
  });
});

describe('passwords', () => {
  it('refuses a password shorter than 8 characters at sign-up, with a clear message', async () => {
    for (const password of ['x', 'seven77']) {
      const res = await call(t, {
        url: '/users/client/new',
        body: { email: uniqueEmail('short'), password },
        ip: t.nextIp(),
      });
      expect(res.status).toBe(422);
      expect(res.body.error_value.password).toBe('Your password must have at least 8 characters');
    }
    const ok = await call(t, {
      url: '/users/client/new',
      body: { email: uniqueEmail('long'), password: 'eight888' },
      ip: t.nextIp(),
    });
    expect(ok.status).toBe(201);
  });
});

describe('client log-in limits', () => {
  it('limits one address across e-mails: 50 failures, then even a right password waits', async () => {
    const ip = '10.77.0.1';
    const client = await signUpClient(t);
    for (let i = 0; i < 50; i++)
      expect((await login(uniqueEmail('nobody'), 'whatever', ip)).status).toBe(404);
    const blocked = await login(client.email, client.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Another address is not blocked.
    expect((await login(client.email, client.password, '10.77.0.2')).status).toBe(200);
  });

  it('never locks the owner out from an address that has not failed, however many others guess (decision 052)', async () => {
    const client = await signUpClient(t);
    for (let i = 0; i < 30; i++)
      expect((await login(client.email, `wrong-${i}`, t.nextIp())).status).toBe(400);
    // 30 failures from 30 addresses: the owner, from their own address, logs in at once.
    expect((await login(client.email, client.password, '10.77.9.1')).status).toBe(200);
  });

  it('slows one address guessing one e-mail with growing delays; another address passes (decision 052)', async () => {
    const client = await signUpClient(t);
    const attacker = '10.77.8.1';
    for (let i = 0; i < 5; i++) expect((await login(client.email, `wrong-${i}`, attacker)).status).toBe(400);
    // The 6th failure starts a 30 s wait; even the right password waits, and is not tried.
    expect((await login(client.email, 'wrong-5', attacker)).status).toBe(400);
    const waiting = await login(client.email, client.password, attacker);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(waiting.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // The owner elsewhere is not slowed.
    expect((await login(client.email, client.password, '10.77.8.2')).status).toBe(200);
    // The wait grows: after it, one more failure waits 60 s.
    await t.db.execute(
      sql`update rate_limits set window_ends_at = now() - interval '1 second' where key = ${`login-delay:${attacker}|${client.email}`}`,
    );
    expect((await login(client.email, 'wrong-6', attacker)).status).toBe(400);
    const longer = await login(client.email, client.password, attacker);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(60);
    // After the wait, the right password logs in and the count starts over.
    await t.db.execute(
      sql`update rate_limits set window_ends_at = now() - interval '1 second' where key = ${`login-delay:${attacker}|${client.email}`}`,
    );
    expect((await login(client.email, client.password, attacker)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(client.email, `again-${i}`, attacker)).status).toBe(400);
  });

  it('counts failures only: 15 right log-ins from one address are all let in', async () => {
    const client = await signUpClient(t);
    const ip = '10.77.1.1';
    for (let i = 0; i < 15; i++) expect((await login(client.email, client.password, ip)).status).toBe(200);
  });

  it('holds across API processes: two apps on one database share the counters', async () => {
    const second = await buildApp(t.ctx, { webRoot: join(process.cwd(), 'no-web-build') });
    await second.ready();
    try {
      const client = await signUpClient(t);
      const ip = '10.77.2.1';
      const on = (i: number) =>
        (i % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: '/api/v3/factor_auth',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
          payload: { type: 'check_code', factor: 'login', value: client.email, code: `wrong-${i}` },
          remoteAddress: ip,
        });
      // Five free failures and the one that starts the wait, whichever process answers; then both wait.
      for (let i = 0; i < 6; i++) expect((await on(i)).statusCode).toBe(400);
      expect((await on(6)).statusCode).toBe(429);
      expect((await on(7)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('staff log-in', () => {
  const newStaff = async () => {
    const email = `ops-${randomBytes(4).toString('hex')}@geekly.example`;
    const password = 'operator password 1';
    await upsertStaffAccount(t.db, email, password);
    return { email, password };
  };

  it('slows one address guessing a staff e-mail, and lets the staff member in from another (decision 052)', async () => {
    const staff = await newStaff();
    const attacker = '10.78.5.1';
    for (let i = 0; i < 4; i++)
      expect((await staffLogin(staff.email, `wrong-${i}`, attacker)).status).toBe(401);
    const blocked = await staffLogin(staff.email, staff.password, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 12; i++)
      expect((await staffLogin(staff.email, `wrong-${i}`, t.nextIp())).status).toBe(401);
    expect((await staffLogin(staff.email, staff.password, '10.78.5.2')).status).toBe(200);
  });

  it('limits one address across staff e-mails', async () => {
    const ip = '10.78.0.1';
    const staff = await newStaff();
    for (let i = 0; i < 10; i++)
      expect((await staffLogin(`nobody-${i}@geekly.example`, 'wrong password', ip)).status).toBe(401);
    expect((await staffLogin(staff.email, staff.password, ip)).status).toBe(429);
  });

  it('counts failures only: 12 right log-ins from one address are all let in', async () => {
    const staff = await newStaff();
    const ip = '10.78.1.1';
    for (let i = 0; i < 12; i++) expect((await staffLogin(staff.email, staff.password, ip)).status).toBe(200);
  });

  it('a staff e-mail at /factor_auth answers the same for a right and a wrong password', async () => {
    const staff = await newStaff();
    const right = await login(staff.email, staff.password, t.nextIp());
    const wrong = await login(staff.email, 'not the password', t.nextIp());
    expect(right.status).toBe(wrong.status);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual({ detail: "User wasn't find" });
    expect(right.headers['set-cookie']).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('with 1 hop, the address the proxy added counts: a spoofed X-Forwarded-For escapes no limit', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const client = await signUpClient(behind);
      const forwarded = () => ({ 'x-forwarded-for': `${behind.nextIp()}, 198.51.100.7` });
      for (let i = 0; i < 6; i++)
        expect((await login(client.email, `wrong-${i}`, '127.0.0.1', behind, forwarded())).status).toBe(400);
      expect((await login(client.email, client.password, '127.0.0.1', behind, forwarded())).status).toBe(429);
      // Another client behind the same proxy is not blocked.
      const other = { 'x-forwarded-for': '198.51.100.8' };
      expect((await login(client.email, client.password, '127.0.0.1', behind, other)).status).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('with a list of proxy addresses, only hops from those addresses are skipped', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    try {
      const client = await signUpClient(behind);
      // Two proxies (10.1.2.3 in front of 127.0.0.1): the first untrusted hop from the right is the client.
      const forwarded = () => ({ 'x-forwarded-for': `${behind.nextIp()}, 198.51.100.9, 10.1.2.3` });
      for (let i = 0; i < 6; i++)
        expect((await login(client.email, `wrong-${i}`, '127.0.0.1', behind, forwarded())).status).toBe(400);
      expect((await login(client.email, client.password, '127.0.0.1', behind, forwarded())).status).toBe(429);
    } finally {
      await behind.close();
    }
  });
});
