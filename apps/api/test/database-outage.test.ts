import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import * as schema from '../src/db/schema.ts';
import { publishEvent } from '../src/modules/events/events.repository.ts';
import { freePort, startServer } from './helpers/server-process.ts';
import { dataOf, openStream } from './helpers/sse-client.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// Decision 031: a database outage heals. ONLY ON A POSTGRESQL SERVER: this test runs when TEST_DATABASE_URL is
// set and is skipped on embedded PGlite (there is no server to lose). It refuses connections to its own test
// database for a few seconds (`alter database … allow_connections false`) and cuts the connections the API
// process holds (`pg_terminate_backend`), LISTEN included, against the real server.
const serverUrl = process.env.TEST_DATABASE_URL;

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of cleanups.reverse()) await f();
});

async function call(base: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}/api/v3${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.runIf(serverUrl)('a PostgreSQL outage (TEST_DATABASE_URL only)', () => {
  it('fails requests fast with 503, and afterwards the LISTEN is back: open streams get what was published in the gap, and a session revoked in the gap loses its stream', async () => {
    const created = await createServerDatabase(serverUrl as string);
    cleanups.push(created.drop);
    const dbName = new URL(created.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`alter database ${dbName} allow_connections true`).catch(() => {});
      await admin.end();
    });

    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-outage-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const server = startServer({
      DATABASE_URL: created.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    children.push(server.child);
    await server.ready;

    const signUp = await fetch(`${base}/api/v3/users/client/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        email: `outage-${randomBytes(3).toString('hex')}@example.com`,
        password: 'correct horse',
      }),
    });
    expect(signUp.status).toBe(201);
    const { jwt: token, user } = (await signUp.json()) as { jwt: string; user: { _id: string } };
    const order = await call(base, '/orders', token, { title: 'Outage', subject: 'English' });
    expect(order.status).toBe(201);
    const orderId = order.body._id as string;

    const stream = openStream(base, token);
    expect(await stream.opened).toBe(200);
    await stream.waitFor((e) => e.event === 'ready');
    // A second student's stream: their session is revoked in the gap (decision 027), a NOTIFY the lost LISTEN
    // never hears, so the catch-up must end it.
    const other = await fetch(`${base}/api/v3/users/client/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        email: `outage-revoked-${randomBytes(3).toString('hex')}@example.com`,
        password: 'correct horse',
      }),
    });
    expect(other.status).toBe(201);
    const revoked = (await other.json()) as { jwt: string; user: { _id: string } };
    const revokedStream = openStream(base, revoked.jwt);
    expect(await revokedStream.opened).toBe(200);
    await revokedStream.waitFor((e) => e.event === 'ready');
    let revokedEnded = false;
    void revokedStream.ended.then(() => {
      revokedEnded = true;
    });

    // Another process's connection that survives the outage publishes in the gap.
    const publisher = new pg.Client({ connectionString: created.url });
    await publisher.connect();
    cleanups.push(() => publisher.end());
    const publisherPid = (await publisher.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]
      ?.pid;
    const otherProcess = drizzle({ client: publisher, schema }) as unknown as Db;

    // The outage: no new connections, and the API process's connections (its LISTEN too) are cut.
    await admin.query(`alter database ${dbName} allow_connections false`);
    const cut = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2',
      [dbName, publisherPid],
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(2); // at least a pooled connection and the LISTEN
    const outageStarted = Date.now();

    // Requests fail fast with 503; health answers, readiness does not.
    const started = Date.now();
    const during = await call(base, '/orders', token);
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ detail: 'Database unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await fetch(`${base}/api/v3/ready`)).status).toBe(503);
    expect((await fetch(`${base}/api/v3/health`)).status).toBe(200);

    await otherProcess.transaction((tx) => publishEvent(tx, user._id, 'message', orderId));
    await publisher.query('update users set token_version = token_version + 1 where id = $1', [
      revoked.user._id,
    ]);
    const gap = (await publisher.query<{ id: string }>('select max(id)::text as id from live_events'))
      .rows[0];

    // A few seconds without the database (the LISTEN's reconnection attempts fail meanwhile).
    await new Promise((r) => setTimeout(r, Math.max(0, 4000 - (Date.now() - outageStarted))));
    await admin.query(`alter database ${dbName} allow_connections true`);

    // The open stream gets the event published in the gap, once the LISTEN is back.
    const missed = await stream.waitFor((e) => e.id === String(gap?.id), 30_000);
    expect(dataOf(missed)).toEqual({ type: 'message', order_id: orderId });
    // The stream of the session revoked in the gap ends; the other one stays open.
    await until(async () => revokedEnded, 10_000);

    // Requests work again, and live events flow to the open stream and to a new one.
    await until(async () => (await call(base, '/orders', token)).status === 200, 15_000);
    expect((await fetch(`${base}/api/v3/ready`)).status).toBe(200);
    const fresh = openStream(base, token);
    expect(await fresh.opened).toBe(200);
    await fresh.waitFor((e) => e.event === 'ready');
    const sent = await call(base, `/orders/${orderId}/messages`, token, {
      message: 'After the outage',
      to_user: 'operator',
    });
    expect(sent.status).toBe(201);
    const isNew = (e: { id?: string; event?: string }) =>
      e.event === undefined && Number(e.id) > Number(gap?.id);
    await stream.waitFor(isNew, 10_000);
    await fresh.waitFor(isNew, 10_000);
    // nothing delivered twice
    expect(stream.events.filter((e) => e.id === String(gap?.id))).toHaveLength(1);
    stream.close();
    fresh.close();
  }, 120_000);
});
