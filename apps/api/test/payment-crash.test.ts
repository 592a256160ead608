import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.ts';
import { freePort, startServer } from './helpers/server-process.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// A server process killed with SIGKILL in the middle of card payments, then started again on the same data:
// every card the sandbox charged is credited exactly once, nothing else is, and the ledger balances.
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of cleanups) await f();
});

function start(env: Record<string, string>) {
  const server = startServer(env, 'silent');
  children.push(server.child);
  return server;
}

async function database(): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'geekly-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: { DATA_DIR: dataDir }, open: () => openPglite(join(dataDir, 'db')) };
  const created = await createServerDatabase(serverUrl);
  cleanups.push(created.drop);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
    open: () => openPostgres(created.url),
  };
}

describe('a crash in the middle of card payments', () => {
  it('leaves every charged card credited once after a restart, and nothing else', async () => {
    const db = await database();
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = {
      ...db.env,
      PORT: String(port),
      PUBLIC_URL: base,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    const first = start(env);
    await first.ready;

    const api = async (path: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${base}/api/v3${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the test reads response bodies loosely
      return (await res.json()) as any;
    };
    const user = await api('/users/client/new', null, {
      email: `crash-${Date.now()}@example.com`,
      password: 'crash test 1',
    });
    const token = user.jwt as string;

    // Fifteen top-ups of different amounts, each with its card page open.
    const sessions: { paymentId: string; cents: number; page: string; token: string }[] = [];
    for (let i = 1; i <= 15; i++) {
      const started = await api('/balance/top-up', token, { amount: i });
      const opened = await fetch(started.gateway.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams(started.gateway.fields),
      });
      const page = new URL(opened.headers.get('location') ?? '', base).toString();
      const html = await (await fetch(page)).text();
      sessions.push({
        paymentId: started.payment_id,
        cents: i * 100,
        page,
        token: /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '',
      });
    }

    // All cards at once; the process dies as soon as the first answer comes back.
    const submissions = sessions.map((s) =>
      fetch(`${s.page}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: s.token,
          card_number: '4242 4242 4242 4242',
          expiry: '12/40',
          cvc: '123',
          name: 'Crash Test',
        }),
      }).then(
        () => 'answered',
        () => 'cut off',
      ),
    );
    await Promise.race(submissions);
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(submissions);

    const second = start(env);
    await second.ready;
    // The sandbox's view decides: a paid session redirects to success, an open one shows its card page.
    const charged: typeof sessions = [];
    for (const s of sessions) {
      const res = await fetch(s.page, { redirect: 'manual' });
      if (res.status === 303) {
        expect(res.headers.get('location')).toContain('/balance/payment-success');
        charged.push(s);
      } else expect(res.status).toBe(200);
    }
    expect(charged.length).toBeGreaterThan(0);
    // The restarted server delivers what the crash left undelivered.
    const deadline = Date.now() + 15_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(
        sessions.map(async (s) => (await api(`/payments/${s.paymentId}`, token)).status),
      );
      const settled = sessions.every((s, i) =>
        charged.includes(s) ? statuses[i] === 'succeeded' : statuses[i] === 'pending',
      );
      if (settled) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const [i, s] of sessions.entries())
      expect(statuses[i]).toBe(charged.includes(s) ? 'succeeded' : 'pending');
    const me = await api('/users/client/me', token);
    const expected = charged.reduce((sum, s) => sum + s.cents, 0);
    expect(Math.round(me.available_balance * 100)).toBe(expected);

    second.child.kill('SIGTERM');
    await second.exited;
    const handle = await db.open();
    try {
      const rows = async (q: ReturnType<typeof sql>) =>
        ((await handle.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
      expect(
        await rows(
          sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`,
        ),
      ).toEqual([]);
      const credits =
        await rows(sql`select count(*) as n, coalesce(sum(e.amount_cents), 0) as s from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id and e.account_type = 'user' where t.kind = 'card_top_up'`);
      expect(Number(credits[0]?.n)).toBe(charged.length);
      expect(Number(credits[0]?.s)).toBe(expected);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
