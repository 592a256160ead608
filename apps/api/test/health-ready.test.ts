import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/unavailable.ts';
import { registry } from '../src/lib/metrics.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// docs/product/http-api.md "Operations", decision 031: /health is the process, /ready the database (reachable, migrated).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url: `/api/v3${url}` });

describe('health and readiness', () => {
  it('are 200 on a migrated database', async () => {
    expect((await get('/health')).json()).toMatchObject({ status: 'ok', staging: false });
    const ready = await get('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('names the release: the version of package.json and the commit, in /health and geekly_build_info', async () => {
    const version = (
      JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
        version: string;
      }
    ).version;
    const health = (await get('/health')).json();
    expect(health).toEqual({
      status: 'ok',
      staging: false,
      version,
      commit: expect.stringMatching(/^([0-9a-f]{7,}|unknown)$/),
    });
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const metrics = await registry.metrics();
    expect(metrics).toContain(`geekly_build_info{version="${version}",commit="${health.commit}"} 1`);
  });

  it('is not ready while the newest migration is not applied', async () => {
    const result = await t.db.execute(
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const newest = (result as unknown as { rows: unknown[] }).rows[0] as
      | { id: number; hash: string; created_at: string }
      | undefined;
    if (!newest) throw new Error('no migrations recorded');
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await get('/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Database migrations not applied' });
      expect((await get('/health')).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    expect((await get('/ready')).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer; health still is', async () => {
    const ping = t.ctx.database.migrationState;
    t.ctx.database.migrationState = () => Promise.reject(new Error('connect ECONNREFUSED'));
    try {
      const res = await get('/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Database unavailable' });
      expect((await get('/health')).json()).toMatchObject({ status: 'ok', staging: false });
    } finally {
      t.ctx.database.migrationState = ping;
    }
  });
});

describe('a staging site (production mode with ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true)', () => {
  it('says so in the health answer, which the web app reads for its banner', async () => {
    const staging = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://staging.geekly.example',
      SEED_DEMO: 'false',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      SMS: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
      MAIL: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      // the test app opens its own database; production mode needs the setting
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      STORAGE: 'local',
      JWT_SECRET: 'x'.repeat(48),
    });
    try {
      expect(staging.ctx.config.GATEWAY).toBe('sandbox');
      const res = await staging.app.inject({ url: '/api/v3/health' });
      expect(res.json()).toMatchObject({ status: 'ok', staging: true });
    } finally {
      await staging.close();
    }
  });
});

describe('a database that is away (503, decision 031)', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['pg_terminate_backend', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', pgError('57P03', 'the database system is starting up')],
    ['refused connections', pgError('55000', 'database "x" is not currently accepting connections')],
    [
      'inside a query error',
      Object.assign(new Error('Failed query: select 1'), { cause: pgError('08006', 'x') }),
    ],
  ])('is %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['another 55000', pgError('55000', 'object not in prerequisite state')],
    ['a plain error', new Error('boom')],
  ])('is not %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
