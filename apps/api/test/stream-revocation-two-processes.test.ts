import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, post, startServer, stopServers } from './helpers/server-process.ts';
import { openStream } from './helpers/sse-client.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// Issue 23 item 2, decision 027: a log-out through one API process ends the user's stream held by another (the
// revocation is a NOTIFY on the events channel). On a PostgreSQL server (TEST_DATABASE_URL) two real server
// processes share one database; on embedded PGlite (one process per data directory) one process plays both.
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

describe('stream revocation across API processes', () => {
  it('a log-out through one process ends the stream held by the other', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-revoke-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const created = await createServerDatabase(serverUrl);
      cleanups.push(created.drop);
      env.DATABASE_URL = created.url;
    }
    const a = await serve(env);
    const b = serverUrl
      ? await serve({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'geekly-revoke-b-')) })
      : a;

    const signUp = await post(a, '/users/client/new', {
      email: `revoke-${randomBytes(3).toString('hex')}@example.com`,
      password: 'correct horse',
    });
    expect(signUp.status).toBe(201);
    const token = signUp.body.jwt as string;
    const stream = openStream(b, token);
    expect(await stream.opened).toBe(200);
    await stream.waitFor((e) => e.event === 'ready');

    const out = await fetch(`${a}/api/v3/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(out.status).toBe(204);
    const ended = await Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('open'), 5000)),
    ]);
    expect(ended).toBe('ended');
    stream.close();
  }, 90_000);
});
