import { randomBytes } from 'node:crypto';
import { EXPORTS_PER_DAY } from '@geekly/domain/users/personal-data.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks, users } from '../src/db/schema.ts';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import { pdfBytes, uploadClientFile, uploadGeekFile } from './helpers/files.ts';
import { resultRows } from './helpers/result-rows.ts';
import { openStream } from './helpers/sse-client.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';
import { unzip } from './helpers/unzip.ts';

// Decision 058: Download my data and Delete my account, on PGlite and on the PostgreSQL server.
let t: TestApp;
let ops: string;
let geekId: string;

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  const [geek] = await t.db
    .insert(geeks)
    .values({ publicFullName: 'Privacy G.', major: 'English' })
    .returning({ id: geeks.id });
  geekId = geek?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = async (q: ReturnType<typeof sql>) => {
  const result = await t.db.execute(q);
  return resultRows(result);
};

/** Every table whose rows, read as text (every column: text, jsonb, keys), contain `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const tables = await rowsOf(
    sql`select table_name as n from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const found: string[] = [];
  for (const { n } of tables as { n: string }[]) {
    const [row] = await rowsOf(
      sql`select count(*)::int as c from ${sql.identifier(n)} x where strpos(x::text, ${needle}) > 0`,
    );
    if (Number(row?.c) > 0) found.push(n);
  }
  return found;
}

const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: ops, body: { name, ...extra } });

/** A student with a phone, a task with a file and a message, a paid and delivered task, and a balance. */
async function studentWithData(tag: string) {
  const s = await signUpClient(t);
  const phone = `+659${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const patched = await call(t, {
    method: 'PATCH',
    url: '/users/client/me',
    token: s.token,
    body: { phone, country: 'SG' },
  });
  expect(patched.status).toBe(200);
  const draft = await pricedOrder(t, s.token);
  await call(t, {
    method: 'PATCH',
    url: `/orders/${draft._id}`,
    token: s.token,
    body: { title: `Title ${tag}`, details: `Instructions ${tag}` },
  });
  const fileBytes = pdfBytes(1500, tag.slice(0, 1));
  const file = await uploadClientFile(t, s.token, draft._id, `brief-${tag}.pdf`, fileBytes);
  const sent = await call(t, {
    url: `/orders/${draft._id}/messages`,
    token: s.token,
    body: { message: `Message text ${tag}`, to_user: 'operator' },
  });
  expect(sent.status).toBe(201);
  // A task paid from the balance and delivered: its money is settled, not in flight.
  await creditBalance(t, ops, s.id, 300);
  const done = await pricedOrder(t, s.token, { pages: 1 });
  const paid = await call(t, {
    url: `/orders/${done._id}/pay`,
    token: s.token,
    body: { account_balance_use: Math.round(done.price * 100) },
  });
  expect(paid.body.status).toBe('paid');
  expect((await operate(done._id, 'assign_geek', { writer_id: geekId })).status).toBe(200);
  expect((await operate(done._id, 'start_work')).status).toBe(200);
  const geekBytes = pdfBytes(1800, 'G');
  await uploadGeekFile(t, ops, done._id, { name: `final-${tag}.pdf`, bytes: geekBytes });
  expect((await operate(done._id, 'deliver')).status).toBe(200);
  return { ...s, phone, draft, done, file, fileBytes, geekBytes, tag };
}

async function exportOf(token: string) {
  const res = await call(t, { url: '/users/client/me/export', token });
  return { res, files: res.status === 200 ? unzip(res.raw.rawPayload) : new Map<string, Buffer>() };
}

describe('GET /users/client/me/export', () => {
  it("holds the student's data and files, and nobody else's", async () => {
    const a = await studentWithData(`alpha${randomBytes(3).toString('hex')}`);
    const b = await studentWithData(`bravo${randomBytes(3).toString('hex')}`);
    const { res, files } = await exportOf(a.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="geekly-data-/);
    const json = files.get('account.json')?.toString('utf8') ?? '';
    const account = JSON.parse(json);
    expect(account.profile).toMatchObject({ id: a.id, email: a.email, phone: a.phone });
    const titles = account.tasks.map((x: { title: string }) => x.title);
    expect(titles).toContain(`Title ${a.tag}`);
    const draft = account.tasks.find((x: { title: string }) => x.title === `Title ${a.tag}`);
    expect(draft.instructions).toBe(`Instructions ${a.tag}`);
    expect(draft.files.map((f: { name: string }) => f.name)).toEqual([`brief-${a.tag}.pdf`]);
    expect(draft.messages).toEqual([expect.objectContaining({ from: 'you', text: `Message text ${a.tag}` })]);
    expect(account.balance_history.map((e: { description: string }) => e.description)).toEqual(
      expect.arrayContaining(['Credit from Geekly support']),
    );
    expect(account.payments).toEqual([]);
    expect(account.referrals.your_code).toEqual(expect.any(String));
    for (const key of ['subscriptions', 'devices', 'log_in_links', 'refunds_to_card', 'tips', 'consent'])
      expect(account).toHaveProperty(key);
    // The files the student uploaded and the Geek's final draft they received, byte for byte.
    const doneNumber = account.tasks.find((x: { paid: number }) => x.paid > 0).number;
    const draftNumber = draft.number;
    expect(files.get(`files/task-${draftNumber}/brief-${a.tag}.pdf`)?.equals(a.fileBytes)).toBe(true);
    expect(files.get(`files/task-${doneNumber}/final-${a.tag}.pdf`)?.equals(a.geekBytes)).toBe(true);
    // Nothing of the other student.
    const everything = Buffer.concat([...files.values()]).toString('latin1');
    for (const theirs of [b.email, b.phone, b.tag, b.id]) expect(everything).not.toContain(theirs);
  });

  it(`is limited to ${EXPORTS_PER_DAY} a day per student, with Retry-After`, async () => {
    const s = await signUpClient(t);
    for (let i = 0; i < EXPORTS_PER_DAY; i++) expect((await exportOf(s.token)).res.status).toBe(200);
    const refused = await exportOf(s.token);
    expect(refused.res.status).toBe(429);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(3600);
    expect((await call(t, { url: '/users/client/me/export' })).status).toBe(401);
  });

  it('staff produce the same export for a client, and the audit names who', async () => {
    const s = await studentWithData(`staffexp${randomBytes(3).toString('hex')}`);
    const res = await call(t, { url: `/ops/users/${s.id}/export`, token: ops });
    expect(res.status).toBe(200);
    const account = JSON.parse(unzip(res.raw.rawPayload).get('account.json')?.toString() ?? '{}');
    expect(account.profile.email).toBe(s.email);
    const audit = await auditLogOf(t, ops);
    expect(audit.find((r) => r.action === 'export_user_data' && r.subject_id === s.id)).toBeTruthy();
    expect((await call(t, { url: `/ops/users/${s.id}/export`, token: s.token })).status).toBe(403);
    expect((await call(t, { url: `/ops/users/${randomUUIDLike()}/export`, token: ops })).status).toBe(404);
  });
});

const randomUUIDLike = () => '00000000-0000-4000-8000-000000000000';

const ledger = () =>
  rowsOf(sql`select id::text as id, amount_cents::bigint as cents from ledger_entries order by id`);

describe('DELETE /users/client/me', () => {
  it('erases the personal data everywhere, keeps the books, frees the e-mail and ends the sessions', async () => {
    const s = await studentWithData(`erase${randomBytes(4).toString('hex')}`);
    const other = await studentWithData(`keep${randomBytes(4).toString('hex')}`);
    const keys = (await rowsOf(sql`select key from file_uploads where user_id = ${s.id}`)).map((r) =>
      String(r.key),
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await t.ctx.storage.head(key)).not.toBeNull();
    const before = await ledger();
    const balanceBefore = (await call(t, { url: '/users/client/me', token: s.token })).body.available_balance;
    expect(balanceBefore).toBeGreaterThan(0);
    const preview = await call(t, { url: '/users/client/me/erasure', token: s.token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      password_required: true,
      balance: balanceBefore,
      tasks_refunded: [],
    });

    const wrong = await call(t, {
      method: 'DELETE',
      url: '/users/client/me',
      token: s.token,
      body: { password: 'not my password' },
    });
    expect(wrong.status).toBe(400);
    const erased = await call(t, {
      method: 'DELETE',
      url: '/users/client/me',
      token: s.token,
      body: { password: s.password },
    });
    expect(erased.status).toBe(204);

    for (const needle of [
      s.email,
      s.phone,
      `Message text ${s.tag}`,
      `Instructions ${s.tag}`,
      `brief-${s.tag}`,
    ])
      expect({ needle, tables: await tablesHolding(needle) }).toEqual({ needle, tables: [] });
    // The other student's data is untouched.
    expect(await tablesHolding(`Message text ${other.tag}`)).toEqual(['order_messages']);
    expect((await tablesHolding(other.email)).length).toBeGreaterThan(0);
    for (const key of keys) expect(await t.ctx.storage.head(key)).toBeNull();

    // The books: every entry kept with its amount, the balance forfeited, everything still sums to zero.
    const after = await ledger();
    const afterById = new Map(after.map((r) => [r.id, Number(r.cents)]));
    for (const r of before) expect(afterById.get(String(r.id))).toBe(Number(r.cents));
    const [sum] = await rowsOf(sql`select coalesce(sum(amount_cents), 0)::bigint as s from ledger_entries`);
    expect(Number(sum?.s)).toBe(0);
    const [balance] = await rowsOf(
      sql`select coalesce(sum(amount_cents), 0)::bigint as c from ledger_entries
          where account_type = 'user' and account_id = ${s.id}`,
    );
    expect(Number(balance?.c)).toBe(0);
    const [task] = await rowsOf(
      sql`select price_cents::bigint as p, paid_cents::bigint as paid, user_id::text as u from orders where id = ${s.done._id}`,
    );
    expect(task).toMatchObject({ u: s.id });
    expect(Number(task?.paid)).toBeGreaterThan(0);

    // Old tokens are refused; the e-mail signs up again as a new account.
    expect((await call(t, { url: '/users/client/me', token: s.token })).status).toBe(401);
    expect((await call(t, { url: '/orders', token: s.token })).status).toBe(401);
    const again = await signUpClient(t, s.email);
    expect(again.id).not.toBe(s.id);
    const login = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'login', value: s.email, code: s.password, get_user: true },
      ip: t.nextIp(),
    });
    expect(login.status === 200 ? login.body.user._id : null).not.toBe(s.id);
  });

  it('with money in flight: a paid task not delivered is refunded to its payer, the balance forfeited', async () => {
    const s = await signUpClient(t);
    await creditBalance(t, ops, s.id, 200);
    const o = await pricedOrder(t, s.token, { pages: 1 });
    const cents = Math.round(o.price * 100);
    const paid = await call(t, {
      url: `/orders/${o._id}/pay`,
      token: s.token,
      body: { account_balance_use: cents },
    });
    expect(paid.body.status).toBe('paid');
    const preview = (await call(t, { url: '/users/client/me/erasure', token: s.token })).body;
    expect(preview.tasks_refunded).toEqual([expect.objectContaining({ paid: cents / 100 })]);
    expect(preview.balance).toBe(200 - cents / 100);
    const [revenueBefore] = await rowsOf(
      sql`select coalesce(sum(amount_cents), 0)::bigint as c from ledger_entries where account_type = 'revenue'`,
    );
    const erased = await call(t, {
      method: 'DELETE',
      url: '/users/client/me',
      token: s.token,
      body: { password: s.password },
    });
    expect(erased.status).toBe(204);
    const accounts = await rowsOf(
      sql`select account_type as t, coalesce(sum(amount_cents), 0)::bigint as c from ledger_entries
          where account_id in (${s.id}, ${o._id}) group by account_type order by 1`,
    );
    expect(accounts.map((r) => [r.t, Number(r.c)])).toEqual([
      ['order', 0],
      ['user', 0],
    ]);
    const [revenueAfter] = await rowsOf(
      sql`select coalesce(sum(amount_cents), 0)::bigint as c from ledger_entries where account_type = 'revenue'`,
    );
    // Paid from the balance, so the refund went back to the balance, which is forfeited whole.
    expect(Number(revenueAfter?.c) - Number(revenueBefore?.c)).toBe(20_000);
    const [task] = await rowsOf(
      sql`select system_client_status as s, refunded from orders where id = ${o._id}`,
    );
    expect(task).toMatchObject({ s: 'Refund Accepted', refunded: true });
  });

  it('waits for a refund request to be decided: 409 naming the task, and nothing changes', async () => {
    const s = await studentWithData(`wait${randomBytes(3).toString('hex')}`);
    const asked = await call(t, {
      url: `/orders/${s.done._id}`,
      token: s.token,
      body: { action: 'client_refund', comment: 'balance - changed my mind' },
    });
    expect(asked.body.system_client_status).toBe('Refund Requested');
    const preview = (await call(t, { url: '/users/client/me/erasure', token: s.token })).body;
    expect(preview.refund_requests_waiting).toEqual([
      expect.objectContaining({ number: expect.any(Number) }),
    ]);
    const before = await ledger();
    const refused = await call(t, {
      method: 'DELETE',
      url: '/users/client/me',
      token: s.token,
      body: { password: s.password },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `Your refund request for task #${preview.refund_requests_waiting[0].number} is waiting for our decision. You can delete your account once it is decided.`,
    );
    expect(await ledger()).toEqual(before);
    expect((await call(t, { url: '/users/client/me', token: s.token })).body.email).toBe(s.email);
  });

  it("ends the account's open event streams", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await signUpClient(t);
    const stream = openStream(base, s.token);
    expect(await stream.opened).toBe(200);
    await stream.waitFor((e) => e.event === 'ready');
    const erased = await call(t, {
      method: 'DELETE',
      url: '/users/client/me',
      token: s.token,
      body: { password: s.password },
    });
    expect(erased.status).toBe(204);
    const ended = await Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('open'), 5000).unref()),
    ]);
    expect(ended).toBe('ended');
  });

  it('a Google-only account confirms by a mailed link', async () => {
    const s = await signUpClient(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, s.id));
    const asked = await call(t, { method: 'DELETE', url: '/users/client/me', token: s.token, body: {} });
    expect(asked.status).toBe(202);
    expect((await call(t, { url: '/users/client/me', token: s.token })).status).toBe(200);
    await t.ctx.mailer.drain();
    const mail = t.sentMail().find((m) => m.includes(s.email) && m.includes('/delete-account/')) ?? '';
    const token = /\/delete-account\/([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1] ?? '';
    expect(token).not.toBe('');
    expect(
      (await call(t, { url: '/users/client/me/erasure/confirm', body: { token: 'wrong' } })).status,
    ).toBe(404);
    expect((await call(t, { url: '/users/client/me/erasure/confirm', body: { token } })).status).toBe(204);
    expect((await call(t, { url: '/users/client/me', token: s.token })).status).toBe(401);
    expect(await tablesHolding(s.email)).toEqual([]);
    expect((await call(t, { url: '/users/client/me/erasure/confirm', body: { token } })).status).toBe(404);
  });
});

describe('POST /ops/users/{id}/erase', () => {
  it('an admin erases a client with a reason, audited; support may not', async () => {
    const s = await studentWithData(`opserase${randomBytes(3).toString('hex')}`);
    const supportEmail = `support-${randomBytes(3).toString('hex')}@geekly.example`;
    await upsertStaffAccount(t.db, supportEmail, 'support password 1', 'support');
    const support = (
      await call(t, {
        url: '/ops/session',
        body: { email: supportEmail, password: 'support password 1' },
        ip: t.nextIp(),
      })
    ).body.jwt as string;
    const refused = await call(t, {
      url: `/ops/users/${s.id}/erase`,
      token: support,
      body: { reason: 'asked by mail' },
    });
    expect(refused.status).toBe(403);
    expect((await call(t, { url: `/ops/users/${s.id}/erase`, token: ops, body: {} })).status).toBe(422);
    expect(
      (await call(t, { url: `/ops/users/${s.id}/erase`, token: s.token, body: { reason: 'x'.repeat(5) } }))
        .status,
    ).toBe(403);
    const done = await call(t, {
      url: `/ops/users/${s.id}/erase`,
      token: ops,
      body: { reason: 'Asked by e-mail, ticket 42' },
    });
    expect(done.status).toBe(204);
    expect(await tablesHolding(s.email)).toEqual([]);
    expect((await call(t, { url: '/users/client/me', token: s.token })).status).toBe(401);
    const audit = await auditLogOf(t, ops);
    expect(audit.find((r) => r.action === 'erase_user' && r.subject_id === s.id)?.details).toMatchObject({
      reason: 'Asked by e-mail, ticket 42',
    });
    // Erasing again changes nothing; an unknown id is a 404.
    expect(
      (await call(t, { url: `/ops/users/${s.id}/erase`, token: ops, body: { reason: 'again' } })).status,
    ).toBe(204);
    expect(
      (await call(t, { url: `/ops/users/${randomUUIDLike()}/erase`, token: ops, body: { reason: 'nobody' } }))
        .status,
    ).toBe(404);
  });
});
