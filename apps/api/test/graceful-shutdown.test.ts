import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from './helpers/server-process.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// Decision 031: SIGTERM drains a process. Runs the real server (src/server.ts) on embedded PGlite, and on the
// PostgreSQL server when TEST_DATABASE_URL is set.
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of cleanups) await f();
});

/** The raw bytes of an event stream, as they arrive. */
function rawStream(port: number, token: string) {
  let text = '';
  let ended = false;
  const req = http.get({
    host: '127.0.0.1',
    port,
    path: '/api/v3/events',
    headers: { authorization: `Bearer ${token}` },
  });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (d: string) => {
      text += d;
    });
    res.on('end', () => {
      ended = true;
    });
    res.on('error', () => {});
  });
  req.on('error', () => {});
  return {
    text: () => text,
    ended: () => ended,
  };
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('SIGTERM', () => {
  it('answers /ready 503 while it still serves, then stops accepting, finishes the request in flight, ends streams with retry:, exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-drain-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SHUTDOWN_DELAY_SECONDS: '1.5',
    };
    if (process.env.TEST_DATABASE_URL) {
      const created = await createServerDatabase(process.env.TEST_DATABASE_URL);
      cleanups.push(created.drop);
      env.DATABASE_URL = created.url;
    }
    const server = startServer(env);
    children.push(server.child);
    await server.ready;
    const base = `http://127.0.0.1:${port}`;

    const signUp = await fetch(`${base}/api/v3/users/client/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        email: `drain-${randomBytes(3).toString('hex')}@example.com`,
        password: 'correct horse',
      }),
    });
    expect(signUp.status).toBe(201);
    const token = ((await signUp.json()) as { jwt: string }).jwt;

    const stream = rawStream(port, token);
    await until(() => stream.text().includes('event: ready'));

    // A request in flight: its headers are in, its body is not yet sent.
    const body = JSON.stringify({
      email: `late-${randomBytes(3).toString('hex')}@example.com`,
      password: 'correct horse',
    });
    const slow: Socket = connect(port, '127.0.0.1');
    let answer = '';
    slow.setEncoding('utf8');
    slow.on('data', (d: string) => {
      answer += d;
    });
    await new Promise((r) => slow.once('connect', r));
    slow.write(
      `POST /api/v3/users/client/new HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\nx-requested-with: XMLHttpRequest\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 200));

    server.child.kill('SIGTERM');

    // Decision 063: first the proxy's health check is told (/ready 503) while every request is still served,
    // each answer closing its connection, and the stream stays open.
    await until(async () => (await fetch(`${base}/api/v3/ready`)).status === 503);
    const meanwhile = await fetch(`${base}/api/v3/health`);
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.headers.get('connection')).toBe('close');
    expect(stream.ended()).toBe(false);

    // The stream ends with a last retry: line (after its opening one), so the browser reconnects elsewhere.
    await until(() => stream.ended());
    const lines = stream.text().trimEnd().split('\n\n');
    expect(lines.at(-1)).toMatch(/^retry: \d+$/);
    expect(lines.filter((l) => l.startsWith('retry:'))).toHaveLength(2);

    // New connections are refused from now on.
    await until(() =>
      fetch(`${base}/api/v3/health`).then(
        () => false,
        () => true,
      ),
    );
    // The process waits for the request in flight.
    expect(server.child.exitCode).toBeNull();
    slow.write(body);
    await until(() => answer.includes('\r\n\r\n') && answer.endsWith('}'));
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');

    expect(await server.exited).toBe(0);
  }, 90_000);
});
