import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, post, startServer, stopServers } from './helpers/server-process.ts';
import { dataOf, openStream } from './helpers/sse-client.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// docs/decisions/019-live-events-and-messages.md: N API processes on one database deliver each other's events through LISTEN/NOTIFY.
// On a PostgreSQL server (TEST_DATABASE_URL) two real server processes share one database; on embedded PGlite
// (one process per data directory) the same test runs both roles on one process, through the same code path.
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await stopServers(children);
  for (const f of cleanups) await f();
});

async function serve(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = startServer({ ...env, PORT: String(port), PUBLIC_URL: base }, 'silent');
  children.push(server.child);
  await server.ready;
  return base;
}

describe('live events across API processes', () => {
  it('a message sent through one process reaches a stream held by the other', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-live-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const created = await createServerDatabase(serverUrl);
      cleanups.push(created.drop);
      env.DATABASE_URL = created.url;
    }
    const a = await serve(env);
    // Two processes on the server; PGlite's data directory admits one, which then plays both.
    const b = serverUrl
      ? await serve({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'geekly-live-b-')) })
      : a;
    if (serverUrl) expect(b).not.toBe(a);

    const signUp = await post(a, '/users/client/new', {
      email: `live-${randomBytes(3).toString('hex')}@example.com`,
      password: 'correct horse',
    });
    expect(signUp.status).toBe(201);
    const token = signUp.body.jwt as string;
    const order = await post(a, '/orders', { title: 'Two processes', subject: 'English' }, token);
    expect(order.status).toBe(201);

    const stream = openStream(b, token);
    expect(await stream.opened).toBe(200);
    const ready = await stream.waitFor((e) => e.event === 'ready');

    const sent = await post(
      a,
      `/orders/${order.body._id}/messages`,
      { message: 'Sent through A', to_user: 'operator' },
      token,
    );
    expect(sent.status).toBe(201);
    const event = await stream.waitFor((e) => e.data !== undefined && e.event === undefined);
    expect(dataOf(event)).toEqual({ type: 'message', order_id: order.body._id });
    expect(Number(event.id)).toBeGreaterThan(Number(ready.id));
    stream.close();
  }, 90_000);
});
