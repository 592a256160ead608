import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

// Decision 059 (issue 32 item 7): while the database is down, the prerendered public pages are still served and
// only the API answers 503. ONLY ON A POSTGRESQL SERVER (TEST_DATABASE_URL), like database-outage.test.ts: it
// refuses connections to its own test database and cuts the ones the app holds.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('a database outage (TEST_DATABASE_URL only)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: pg.Client;
  let dbName = '';
  const webRoot = mkdtempSync(join(tmpdir(), 'geekly-outage-web-'));

  beforeAll(async () => {
    t = await createTestApp();
    // A prerendered build's shape (as web-app.test.ts): `/` and `/about-us` as HTML, the SPA fallback.
    mkdirSync(join(webRoot, 'about-us'));
    writeFileSync(join(webRoot, 'index.html'), '<html><body><h1>Landing</h1></body></html>');
    writeFileSync(join(webRoot, 'about-us', 'index.html'), '<html><body><h1>About us</h1></body></html>');
    writeFileSync(join(webRoot, '__spa-fallback.html'), '<html><body><div id="app"></div></body></html>');
    writeFileSync(join(webRoot, 'route-manifest.json'), JSON.stringify(['/', '/about-us', '/orders']));
    app = await buildApp(t.ctx, { webRoot });
    await app.ready();
    const result = await t.db.execute(sql`select current_database() as name`);
    dbName = String((result as unknown as { rows: { name: string }[] }).rows[0]?.name);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => {});
    await admin?.end();
    await app?.close();
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('keeps serving the public pages; the API answers 503 Database unavailable', async () => {
    const student = await signUpClient(t);
    await admin.query(`alter database ${dbName} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);
    try {
      for (const [path, text] of [
        ['/', 'Landing'],
        ['/about-us', 'About us'],
      ] as const) {
        const page = await app.inject({ url: path });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(text);
      }
      const api = await app.inject({
        url: '/api/v3/orders',
        headers: { authorization: `Bearer ${student.token}`, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({ detail: 'Database unavailable' });
      expect((await app.inject({ url: '/api/v3/ready' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/api/v3/health' })).statusCode).toBe(200);
    } finally {
      await admin.query(`alter database ${dbName} allow_connections true`);
    }
  }, 60_000);
});
