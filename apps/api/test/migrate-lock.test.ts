import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, openPglite, openPostgres } from '../src/db/database.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// Decision 031: `npm run migrate` and every starting process migrate under a PostgreSQL advisory lock, so
// several processes starting on a fresh database take turns instead of failing. The concurrency part runs only
// on a PostgreSQL server (TEST_DATABASE_URL set): embedded PGlite admits one process per data directory.
const migrateCli = fileURLToPath(new URL('../src/cli/migrate.ts', import.meta.url));
const journal = JSON.parse(
  readFileSync(fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url)), 'utf8'),
) as { entries: unknown[] };

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of cleanups) await f();
});

function runMigrate(env: Record<string, string>) {
  const child = spawn(process.execPath, [migrateCli], {
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, output: () => output };
}

async function until(check: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe('npm run migrate', () => {
  it('migrates the embedded database in DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-migrate-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const run = runMigrate({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/The database is migrated/);
    const database = await openPglite(join(dataDir, 'db'));
    try {
      expect(await database.migrationState()).toBe('current');
    } finally {
      await database.close();
    }
  }, 60_000);

  it.runIf(serverUrl)(
    'on a fresh PostgreSQL database, processes started together wait for the lock and all succeed',
    async () => {
      const created = await createServerDatabase(serverUrl as string);
      cleanups.push(created.drop);
      const dataDir = mkdtempSync(join(tmpdir(), 'geekly-migrate-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = { DATABASE_URL: created.url, DATA_DIR: dataDir };

      // Someone holds the lock (a process migrating): the others wait, and do not fail.
      const holder = new pg.Client({ connectionString: created.url });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const waiting = [runMigrate(env), runMigrate(env)];
      await until(() => waiting.every((r) => r.output().includes('Waiting for another process')));
      await new Promise((r) => setTimeout(r, 500));
      for (const r of waiting) expect(r.output()).not.toMatch(/migrated/);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await holder.end();
      for (const r of waiting) expect(await r.exited, r.output()).toBe(0);

      // A second fresh database, three processes at once, nobody holding the lock first.
      const fresh = await createServerDatabase(serverUrl as string);
      cleanups.push(fresh.drop);
      const together = [1, 2, 3].map(() => runMigrate({ ...env, DATABASE_URL: fresh.url }));
      for (const r of together) expect(await r.exited, r.output()).toBe(0);

      for (const url of [created.url, fresh.url]) {
        const database = await openPostgres(url);
        try {
          expect(await database.migrationState()).toBe('current');
        } finally {
          await database.close();
        }
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        await client.end();
        // each migration recorded once
        expect(rows[0].n).toBe(journal.entries.length);
      }
    },
    120_000,
  );
});
