import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/adapters/mail/mailer.ts';
import { liveEvents, loginTokens, mailOutbox, rateLimits } from '../src/db/schema.ts';
import { registry } from '../src/lib/metrics.ts';
import { pruneEvents } from '../src/modules/events/events.repository.ts';
import { runRetention } from '../src/modules/privacy/retention.ts';
import { resultRows } from './helpers/result-rows.ts';
import {
  call,
  createTestApp,
  creditBalance,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Decision 059: retention removes what it says, and nothing else; mail bodies go once sent.
let t: TestApp;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;
const rowsOf = async (q: ReturnType<typeof sql>) => {
  const result = await t.db.execute(q);
  return resultRows(result);
};

/** A digest of every row of every table but those named (which the test checks row by row). */
async function digestsExcept(skip: string[]) {
  const tables = await rowsOf(
    sql`select table_name as n from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { n } of tables as { n: string }[]) {
    if (skip.includes(n)) continue;
    const [row] = await rowsOf(
      sql`select coalesce(md5(string_agg(x::text, E'\n' order by x::text)), '') as md5 from ${sql.identifier(n)} x`,
    );
    out[n] = String(row?.md5);
  }
  return out;
}

describe('the retention sweep', () => {
  it('deletes expired log-in links, ended counters and sent mail bodies, and nothing else', async () => {
    const s = await signUpClient(t);
    await creditBalance(t, ops, s.id, 20);
    const now = t.ctx.now();
    const link = (tag: string, expiresAt: Date) => ({
      tokenHash: `${tag}-${randomBytes(8).toString('hex')}`,
      userId: s.id,
      redirectPath: '/orders',
      tokenVersion: 0,
      expiresAt,
    });
    const old = link('old', new Date(now.getTime() - 8 * DAY));
    const recent = link('recent', new Date(now.getTime() - DAY));
    const live = link('live', new Date(now.getTime() + DAY));
    await t.db.insert(loginTokens).values([old, recent, live]);
    await t.db.insert(rateLimits).values([
      { key: `ended:${s.id}`, hits: 3, windowEndsAt: new Date(now.getTime() - 1000) },
      { key: `open:${s.id}`, hits: 3, windowEndsAt: new Date(now.getTime() + 60_000) },
    ]);
    // A mail sent by an older release, body still there; and one not sent yet.
    const [sentRow] = await t.db
      .insert(mailOutbox)
      .values({
        to: s.email,
        subject: 'Old',
        text: 'old body /login/secret',
        html: '<p>old</p>',
        sentAt: now,
      })
      .returning({ id: mailOutbox.id });
    const [queuedRow] = await t.db
      .insert(mailOutbox)
      .values({
        to: s.email,
        subject: 'Queued',
        text: 'queued body',
        nextAttemptAt: new Date(now.getTime() + DAY),
      })
      .returning({ id: mailOutbox.id });
    const untouched = ['login_tokens', 'rate_limits', 'mail_outbox'];
    const before = await digestsExcept(untouched);
    expect(before.audit_log).not.toBe('');
    expect(before.ledger_entries).not.toBe('');

    const result = await runRetention(t.ctx);
    expect(result.loginLinks).toBeGreaterThanOrEqual(1);
    expect(result.mailBodies).toBeGreaterThanOrEqual(1);

    const links = await t.db.select().from(loginTokens).where(eq(loginTokens.userId, s.id));
    const mine = links.map((l) => l.tokenHash).filter((h) => /^(old|recent|live)-/.test(h));
    expect(mine.sort()).toEqual([live.tokenHash, recent.tokenHash].sort());
    const counters = await rowsOf(sql`select key from rate_limits where key like ${`%${s.id}`}`);
    expect(counters.map((r) => r.key)).toEqual([`open:${s.id}`]);
    const [sent] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, sentRow?.id ?? ''));
    expect(sent).toMatchObject({ to: s.email, subject: 'Old', text: '', html: null });
    expect(sent?.sentAt).not.toBeNull();
    const [queued] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, queuedRow?.id ?? ''));
    expect(queued).toMatchObject({ text: 'queued body' });
    // Every other table (audit, ledger, users, tasks, payments...) is exactly as it was.
    expect(await digestsExcept(untouched)).toEqual(before);
  });

  it('prunes live events older than RETENTION_LIVE_EVENT_HOURS only', async () => {
    const s = await signUpClient(t);
    const now = t.ctx.now();
    await t.db.insert(liveEvents).values([
      { userId: s.id, type: 'balance', createdAt: new Date(now.getTime() - 25 * 3_600_000) },
      { userId: s.id, type: 'balance', createdAt: new Date(now.getTime() - 23 * 3_600_000) },
    ]);
    await pruneEvents(t.db, now, t.ctx.config.RETENTION_LIVE_EVENT_HOURS * 3_600_000);
    const left = await t.db.select().from(liveEvents).where(eq(liveEvents.userId, s.id));
    expect(left.map((e) => Math.round((now.getTime() - e.createdAt.getTime()) / 3_600_000))).toEqual([23]);
  });
});

describe('the mail outbox', () => {
  it('keeps no body once a mail is sent (a log-in link is not kept in the database)', async () => {
    const s = await signUpClient(t);
    const res = await call(t, { url: '/users/client/restore', body: { email: s.email }, ip: t.nextIp() });
    expect(res.status).toBe(200);
    await t.ctx.mailer.drain();
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ text: '', html: null, failedAt: null });
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    expect(t.sentMail().some((m) => m.includes(s.email))).toBe(true);
  });

  it('gives up on a permanent rejection (5xx): not retried, visible in the row and the metric', async () => {
    let calls = 0;
    const mailer = createMailer({
      db: t.db,
      from: 'Geekly <mail@geekly.example>',
      pollMs: 0,
      transport: {
        async send(mail) {
          calls++;
          if (mail.to.startsWith('gone'))
            throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 });
          throw Object.assign(new Error('421 try later'), { responseCode: 421 });
        },
      },
    });
    const gone = `gone-${randomBytes(4).toString('hex')}@example.com`;
    const busy = `busy-${randomBytes(4).toString('hex')}@example.com`;
    await mailer.enqueue(t.db, { to: gone, subject: 'Hello', text: 'body' });
    await mailer.enqueue(t.db, { to: busy, subject: 'Hello', text: 'body' });
    await mailer.drain();
    const [rejected] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, gone));
    expect(rejected?.failedAt).not.toBeNull();
    expect(rejected).toMatchObject({ sentAt: null, text: '', attempts: 1 });
    expect(rejected?.lastError).toContain('550');
    const [retried] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, busy));
    expect(retried).toMatchObject({ failedAt: null, text: 'body' });
    // Due again: only the temporarily refused one is tried.
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.to, gone));
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.to, busy));
    calls = 0;
    await mailer.drain();
    expect(calls).toBe(1);
    expect(await registry.metrics()).toMatch(/geekly_mail_total\{result="rejected"\} [1-9]/);
    // Staff see it in the back office (GET /ops/mail/rejected); a client may not.
    const listed = await call(t, { url: '/ops/mail/rejected', token: ops });
    expect(listed.status).toBe(200);
    expect(listed.body.results).toContainEqual(
      expect.objectContaining({ to: gone, subject: 'Hello', last_error: expect.stringContaining('550') }),
    );
    expect(listed.body.results.map((r: { to: string }) => r.to)).not.toContain(busy);
    const student = await signUpClient(t);
    expect((await call(t, { url: '/ops/mail/rejected', token: student.token })).status).toBe(403);
    await mailer.stop();
  });
});
