import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from './helpers/result-rows.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

// Decision 056: the back office's heavy reads (the queue, its search, the Geeks' figures, the earnings and the payout
// report) have a pool of their own, with a statement timeout, so a student's request never waits behind a report.
// On the PostgreSQL server only: PGlite has one connection and no pool.

const serverUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;

const rowsOf = resultRows;

describe.runIf(serverUrl)('the reports pool', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cancels a report statement after its timeout; the students’ pool has none', async () => {
    const timeoutOf = async (db: typeof t.db) =>
      rowsOf(await db.execute(sql`show statement_timeout`))[0]?.statement_timeout;
    expect(await timeoutOf(t.ctx.database.reportsDb)).toBe('15s');
    expect(await timeoutOf(t.ctx.database.searchDb)).toBe('15s');
    expect(await timeoutOf(t.db)).toBe('0');
    // The reports plan each statement once; a search plans for its pattern (decision 056, fifth pass).
    const planning = async (db: typeof t.db) =>
      rowsOf(await db.execute(sql`show plan_cache_mode`))[0]?.plan_cache_mode;
    expect(await planning(t.ctx.database.reportsDb)).toBe('force_generic_plan');
    expect(await planning(t.ctx.database.searchDb)).toBe('auto');
    const jit = rowsOf(await t.db.execute(sql`show jit`))[0]?.jit;
    expect(jit).toBe('off');
  });

  it('answers a student while every report connection is busy', async () => {
    const student = await signUpClient(t);
    // Six slow reports at once: more than the reports pool holds.
    const reports = Array.from({ length: 6 }, () =>
      t.ctx.database.reportsDb.execute(sql`select pg_sleep(1.5)`),
    );
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const list = await call(t, { url: '/orders?page=0', token: student.token });
    const me = await call(t, { url: '/users/client/me', token: student.token });
    expect(list.status).toBe(200);
    expect(me.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
    await Promise.all(reports);
  }, 30_000);
});
