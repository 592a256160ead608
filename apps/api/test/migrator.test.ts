import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type MigrationSession, runMigrations } from '../src/db/migrator.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// Decision 057: migrations that big tables survive. Each migration in its own transaction with a lock_timeout
// (retried), and `-- migrate: no-transaction` migrations that build indexes CONCURRENTLY and backfill in batches.

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const f of cleanups.reverse()) await f();
});

/** A migrations folder with these files, in this order, as drizzle's journal lists them. */
function folder(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'geekly-migrator-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'meta'));
  const entries = files.map((_, i) => ({
    idx: i,
    version: '7',
    when: 1_000 + i,
    tag: `000${i}_m`,
    breakpoints: true,
  }));
  files.forEach((text, i) => {
    writeFileSync(join(dir, `000${i}_m.sql`), text);
  });
  writeFileSync(
    join(dir, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return dir;
}

type Engine = { kind: 'pglite' | 'postgres'; session: MigrationSession; url?: string };

async function openEngine(): Promise<Engine> {
  if (!serverUrl) {
    const client = new PGlite();
    cleanups.push(() => client.close());
    return {
      kind: 'pglite',
      session: {
        run: async (text) => (await client.exec(text)).at(-1)?.affectedRows ?? 0,
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      },
    };
  }
  const created = await createServerDatabase(serverUrl);
  cleanups.push(created.drop);
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  cleanups.push(() => client.end());
  return { kind: 'postgres', url: created.url, session: sessionOf(client) };
}

function sessionOf(client: pg.Client): MigrationSession {
  return {
    run: async (text) => {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result.at(-1)?.rowCount : result.rowCount) ?? 0;
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  };
}

const table = `CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL DEFAULT 0, w int);
--> statement-breakpoint
INSERT INTO t (id, v) SELECT g, g % 7 FROM generate_series(1, 2500) g;`;
const concurrentAndBatched = `-- migrate: no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS t_v_idx ON t (v);
--> statement-breakpoint
-- migrate: batch
UPDATE t SET w = id * 2 WHERE id IN (SELECT id FROM t WHERE w IS DISTINCT FROM id * 2 LIMIT 1000);`;

describe('the migrator', () => {
  it('builds an index outside a transaction and backfills in batches, once', async () => {
    const engine = await openEngine();
    const dir = folder([table, concurrentAndBatched]);
    await runMigrations(engine.session, { migrationsFolder: dir, kind: engine.kind });
    const [filled] = await engine.session.query<{ n: number }>(
      'select count(*)::int as n from t where w = id * 2',
    );
    expect(filled?.n).toBe(2500);
    const [index] = await engine.session.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 't_v_idx'`,
    );
    expect(index?.valid).toBe(true);
    const recorded = async () =>
      (
        await engine.session.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        )
      )[0]?.n;
    expect(await recorded()).toBe(2);
    // Nothing pending: running again changes nothing.
    await engine.session.run('UPDATE t SET w = 0 WHERE id = 1');
    await runMigrations(engine.session, { migrationsFolder: dir, kind: engine.kind });
    expect(await recorded()).toBe(2);
    expect((await engine.session.query<{ w: number }>('select w from t where id = 1'))[0]?.w).toBe(0);
  });

  it('applies a migration whose journal time is older than one already applied (a late merge)', async () => {
    const engine = await openEngine();
    const dir = folder([table, 'CREATE TABLE u (id int)', 'CREATE TABLE v (id int)']);
    // As if 0000 and 0002 were applied by an older build, and 0001 arrived with a merge.
    await runMigrations(engine.session, { migrationsFolder: folder([table]), kind: engine.kind });
    await engine.session.run('CREATE TABLE v (id int)');
    await engine.session.run(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', 1002)`,
    );
    await runMigrations(engine.session, { migrationsFolder: dir, kind: engine.kind });
    expect(await engine.session.query('select * from u')).toEqual([]);
  });

  it.runIf(serverUrl)('builds again an index a failed concurrent build left invalid', async () => {
    const engine = await openEngine();
    await engine.session.run('CREATE TABLE t (id int PRIMARY KEY, u int)');
    await engine.session.run('INSERT INTO t VALUES (1, 1), (2, 1)');
    await expect(engine.session.run('CREATE UNIQUE INDEX CONCURRENTLY t_u_key ON t (u)')).rejects.toThrow();
    await engine.session.run('UPDATE t SET u = 2 WHERE id = 2');
    const dir = folder([
      `-- migrate: no-transaction
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS t_u_key ON t (u);`,
    ]);
    await runMigrations(engine.session, { migrationsFolder: dir, kind: engine.kind });
    const [index] = await engine.session.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 't_u_key'`,
    );
    expect(index?.valid).toBe(true);
    await expect(engine.session.run('INSERT INTO t VALUES (3, 2)')).rejects.toThrow(/duplicate/);
  });

  it.runIf(serverUrl)(
    'a migration waiting for a lock gives up within its lock_timeout, lets readers through, and succeeds later',
    async () => {
      const engine = await openEngine();
      await engine.session.run('CREATE TABLE t (id int PRIMARY KEY)');
      const connect = async () => {
        const c = new pg.Client({ connectionString: engine.url });
        await c.connect();
        cleanups.push(() => c.end());
        return c;
      };
      // A long report holds the table (ACCESS SHARE) for 2 s.
      const report = await connect();
      await report.query('BEGIN');
      await report.query('SELECT count(*) FROM t');
      const released = new Promise((r) => setTimeout(r, 2000)).then(() => report.query('COMMIT'));
      const migrating = runMigrations(engine.session, {
        migrationsFolder: folder(['ALTER TABLE t ADD COLUMN w int']),
        kind: 'postgres',
        lockTimeoutMs: 100,
      });
      // Without the timeout the ALTER's queued lock would hold every later reader until the report ends.
      await new Promise((r) => setTimeout(r, 500));
      const reader = await connect();
      await reader.query('SET statement_timeout = 1500');
      const started = Date.now();
      await reader.query('SELECT count(*) FROM t');
      expect(Date.now() - started).toBeLessThan(1500);
      await released;
      await migrating;
      expect(await engine.session.query('select w from t')).toEqual([]);
    },
    30_000,
  );
});
