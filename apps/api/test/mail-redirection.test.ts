import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { loginKeyOf } from '../src/modules/auth/login-key.ts';
import { mailLink } from '../src/modules/notifications/mail-links.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

// Issue 35 items 2 and 3 (decision 051): a stolen session cannot quietly send the account's mail — and its log-in
// links — elsewhere, and nothing stored in the database logs anyone in.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const uniqueEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.com`;

/** The body of an .eml file, with quoted-printable soft line breaks and escapes undone. */
const mailBody = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function mailsTo(address: string) {
  await t.ctx.mailer.drain();
  return t
    .sentMail()
    .map(mailBody)
    .filter((m) => m.includes(`To: ${address}`));
}

const linkIn = (mail: string | undefined, path: string) =>
  new RegExp(`http://localhost:3000/${path}/([A-Za-z0-9_-]{43})\\b`).exec(mail ?? '')?.[1] ?? '';

// biome-ignore lint/suspicious/noExplicitAny: rows of a raw statement, on either database
const rowsOf = (result: unknown): any[] =>
  Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;

const patchMe = (token: string, body: Record<string, unknown>) =>
  call(t, { method: 'PATCH', url: '/users/client/me', token, body });
const undo = (token: string) =>
  call(t, { url: '/users/client/notification-email/undo', body: { token }, ip: t.nextIp() });
const confirm = (token: string) =>
  call(t, { url: '/users/client/notification-email/confirm', body: { token }, ip: t.nextIp() });
const me = (token: string) => call(t, { url: '/users/client/me', token });

describe('changing where mail goes (issue 35 item 2)', () => {
  it('asks for the password, tells the account e-mail with an undo, and the undo takes everything back', async () => {
    const student = await signUpClient(t, uniqueEmail('student'));
    // The attacker holds a copy of the student's session.
    const stolen = student.token;
    const attackerMail = uniqueEmail('attacker');

    const without = await patchMe(stolen, { notification_email: attackerMail });
    expect(without.status).toBe(422);
    expect(without.body.error_value ?? without.body.errors ?? without.body).toMatchObject({
      password: 'Enter your password to send your mail to another address',
    });
    const wrong = await patchMe(stolen, { notification_email: attackerMail, password: 'not the password' });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('Incorrect password');
    expect((await me(stolen)).body.pending_notification_email).toBeNull();
    expect(await mailsTo(attackerMail)).toHaveLength(0);

    // With the password (the attacker learnt it too): the account e-mail hears of it at once.
    const asked = await patchMe(stolen, { notification_email: attackerMail, password: student.password });
    expect(asked.status).toBe(200);
    expect(asked.body.pending_notification_email).toBe(attackerMail);
    const notices = (await mailsTo(student.email)).filter((m) => m.includes('/undo-email/'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(attackerMail);
    expect(notices[0]).not.toMatch(/\/login\//);
    const firstUndo = linkIn(notices[0], 'undo-email');
    expect(firstUndo).not.toBe('');

    // The attacker confirms: the account e-mail is told again, with another undo.
    const confirmed = await confirm(linkIn((await mailsTo(attackerMail))[0], 'confirm-email'));
    expect(confirmed.status).toBe(200);
    const after = (await mailsTo(student.email)).filter((m) => m.includes('/undo-email/'));
    expect(after).toHaveLength(2);
    expect(after[1]).toContain('now goes to');

    // Mail to the attacker's address carries links that log nobody in.
    const row = (await t.db.select().from(users).where(eq(users.id, student.id)))[0];
    expect(row?.notificationEmail).toBe(attackerMail);
    const link = await t.db.transaction((tx) => mailLink(t.ctx, tx, student.id, '/orders', 'orderemail'));
    expect(link).toBe('http://localhost:3000/orders#orderemail');

    // The student presses undo (from the first mail): mail comes back, and the stolen session ends.
    const undone = await undo(firstUndo);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ notification_email: student.email });
    expect((await me(stolen)).status).toBe(401);
    // Once only; the second mail's undo is spent with it.
    expect((await undo(firstUndo)).status).toBe(404);
    expect((await undo(linkIn(after[1], 'undo-email'))).status).toBe(404);
    expect((await undo('x'.repeat(43))).status).toBe(404);
  });

  it('tells the address mail went to until now, when it was another, once a change is confirmed', async () => {
    const student = await signUpClient(t, uniqueEmail('had'));
    const before = uniqueEmail('before');
    const next = uniqueEmail('next');
    await t.db.update(users).set({ notificationEmail: before }).where(eq(users.id, student.id));
    const asked = await patchMe(student.token, { notification_email: next, password: student.password });
    expect(asked.status).toBe(200);
    // Asked: the account e-mail and the address mail goes to now.
    expect((await mailsTo(before)).filter((m) => m.includes('/undo-email/'))).toHaveLength(1);
    expect((await confirm(linkIn((await mailsTo(next))[0], 'confirm-email'))).status).toBe(200);
    const toldBefore = (await mailsTo(before)).filter((m) => m.includes('/undo-email/'));
    expect(toldBefore).toHaveLength(2);
    expect(toldBefore[1]).toContain(`now goes to ${next}`);
    expect((await mailsTo(student.email)).filter((m) => m.includes('/undo-email/'))).toHaveLength(2);
    expect((await mailsTo(next)).filter((m) => m.includes('/undo-email/'))).toHaveLength(0);
  });

  it('limits wrong passwords per account', async () => {
    const student = await signUpClient(t, uniqueEmail('guess'));
    const target = uniqueEmail('elsewhere');
    for (let i = 0; i < 10; i++)
      expect(
        (await patchMe(student.token, { notification_email: target, password: `guess ${i}` })).status,
      ).toBe(422);
    const limited = await patchMe(student.token, { notification_email: target, password: student.password });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('needs no password to send mail back to the account e-mail', async () => {
    const student = await signUpClient(t, uniqueEmail('back'));
    const other = uniqueEmail('other');
    await t.db.update(users).set({ notificationEmail: other }).where(eq(users.id, student.id));
    const back = await patchMe(student.token, { notification_email: student.email });
    expect(back.status).toBe(200);
    expect(back.body.notification_email).toBe(student.email);
  });

  it('asks an account with no password (Google) for a fresh log-in', async () => {
    const student = await signUpClient(t, uniqueEmail('google'));
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, student.id));
    const target = uniqueEmail('fresh');
    // Signed in a moment ago: fine.
    const fresh = await patchMe(student.token, { notification_email: target });
    expect(fresh.status).toBe(200);
    t.clock.offsetMs = 11 * MINUTE;
    try {
      const stale = await patchMe(student.token, { notification_email: uniqueEmail('stale') });
      expect(stale.status).toBe(422);
      expect(JSON.stringify(stale.body)).toContain('log out and log in again');
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('sends mail to the account e-mail again after log-out everywhere and after a restored password', async () => {
    for (const how of ['logout', 'restore'] as const) {
      const student = await signUpClient(t, uniqueEmail(how));
      const other = uniqueEmail('redirected');
      await t.db
        .update(users)
        .set({ notificationEmail: other, pendingNotificationEmail: uniqueEmail('pending') })
        .where(eq(users.id, student.id));
      let token = student.token;
      if (how === 'logout') {
        expect((await call(t, { url: '/logout', token, body: {} })).status).toBe(204);
      } else {
        await call(t, { url: '/users/client/restore', body: { email: student.email }, ip: t.nextIp() });
        const mail = (await mailsTo(student.email)).find((m) => m.includes('new Geekly password'));
        const password = /new Geekly password: (\S+)/.exec(mail ?? '')?.[1] ?? '';
        const logged = await call(t, {
          url: '/factor_auth',
          body: { type: 'check_code', factor: 'login', value: student.email, code: password },
          ip: t.nextIp(),
        });
        expect(logged.status).toBe(200);
        expect((await me(token)).status).toBe(401);
        token = logged.body.jwt;
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
      expect(row).toMatchObject({ notificationEmail: student.email, pendingNotificationEmail: null });
    }
  });
});

describe('log-in keys (issue 35 item 3)', () => {
  it('stores nothing that logs in: no table holds a mailed token or the key, and log-out everywhere changes the key', async () => {
    const student = await signUpClient(t, uniqueEmail('keys'));
    const welcome = (await mailsTo(student.email)).find((m) => m.includes('Welcome'));
    const mailedToken = /http:\/\/localhost:3000\/login\/([A-Za-z0-9_-]{43})/.exec(welcome ?? '')?.[1] ?? '';
    expect(mailedToken).not.toBe('');
    const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
    if (!row) throw new Error('no user');
    const key = loginKeyOf(t.ctx.tokens, row);
    const byKey = (value: string) =>
      call(t, { url: '/factor_auth', body: { type: 'check_code', factor: 'key', value }, ip: t.nextIp() });
    expect((await byKey(key)).status).toBe(200);

    // Every text-like column of every table, read whole.
    const columns: { table_name: string; column_name: string }[] = rowsOf(
      await t.db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`),
    );
    expect(columns.length).toBeGreaterThan(20);
    for (const { table_name, column_name } of columns) {
      for (const secret of [key, key.slice(32), mailedToken]) {
        const found = rowsOf(
          await t.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table_name)}
                where position(${secret} in ${sql.identifier(column_name)}::text) > 0`,
          ),
        );
        expect(found[0]?.n, `${table_name}.${column_name}`).toBe(0);
      }
    }

    // Log-out everywhere: the key changes, the old one is refused.
    expect((await call(t, { url: '/logout', token: student.token, body: {} })).status).toBe(204);
    expect((await byKey(key)).status).toBe(400);
    const [after] = await t.db.select().from(users).where(eq(users.id, student.id));
    if (!after) throw new Error('no user');
    expect((await byKey(loginKeyOf(t.ctx.tokens, after))).status).toBe(200);
  });
});
