import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * Applies the drizzle migrations of `migrationsFolder` (decision 057). The same journal, files and record
 * (`drizzle.__drizzle_migrations`, one row a migration: its hash and its journal time) as drizzle's own
 * migrator, with what a big table needs:
 *
 * - Each migration runs in a transaction of its own (drizzle ran every pending one in one transaction), with a
 *   `lock_timeout`: a DDL statement that waits for a lock behind a long query gives up, rolls back and is tried
 *   again, instead of queueing every other query on the table behind itself.
 * - A migration whose first line is `-- migrate: no-transaction` runs statement by statement outside a
 *   transaction, so it may `CREATE INDEX CONCURRENTLY` (an index left invalid by a failed build is dropped and
 *   built again) and run batched backfills. Such a migration must be safe to run again from the start.
 * - A statement preceded by `-- migrate: batch` is run again, each run its own transaction, until it changes
 *   no row: a backfill written as "update the next few thousand rows that differ from what they should hold"
 *   locks a few thousand rows at a time, and converges even when writers change rows meanwhile.
 * - A migration is pending when its journal time is not recorded (drizzle compared with the newest recorded
 *   time, which skips a migration merged with an older time than one already applied).
 *
 * On PGlite (one connection, nobody waits) `CONCURRENTLY` is removed and the same steps run.
 */
export type MigrationSession = {
  /** Runs one or more statements without parameters; answers the rows changed by the last one. */
  run(text: string): Promise<number>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
};

type MigratorOptions = {
  migrationsFolder: string;
  kind: 'pglite' | 'postgres';
  /** How long a statement may wait for a lock before it gives up and is tried again (ms). */
  lockTimeoutMs?: number;
  /** Only migrations whose journal time is below this (a benchmark loads data into an older schema first). */
  before?: number;
  log?: (line: string) => void;
};

const NO_TRANSACTION = /^\s*-- migrate: no-transaction\b/;
const BATCH = /^\s*-- migrate: batch\b/m;
const CONCURRENT_INDEX =
  /create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+("?)([a-z0-9_]+)\1\s+on\s+/i;
const LOCK_NOT_AVAILABLE = '55P03';
const ATTEMPTS = 20;

export async function runMigrations(session: MigrationSession, options: MigratorOptions) {
  const lockTimeoutMs = options.lockTimeoutMs ?? 1000;
  const log = options.log ?? (() => {});
  await session.run('CREATE SCHEMA IF NOT EXISTS drizzle');
  await session.run(`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
    id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const applied = new Set(
    (await session.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations')).map(
      (r) => Number(r.created_at),
    ),
  );
  const pending = readMigrationFiles({ migrationsFolder: options.migrationsFolder }).filter(
    (m) => !applied.has(m.folderMillis) && (options.before === undefined || m.folderMillis < options.before),
  );
  const prepare = (text: string) =>
    options.kind === 'pglite' ? text.replace(/\s+concurrently\b/gi, '') : text;
  const record = (m: { hash: string; folderMillis: number }) =>
    `insert into drizzle.__drizzle_migrations (hash, created_at) values ('${m.hash}', ${m.folderMillis})`;

  for (const migration of pending) {
    const statements = migration.sql.map(prepare).filter((s) => s.trim() !== '');
    const started = Date.now();
    if (NO_TRANSACTION.test(migration.sql[0] ?? '')) {
      await session.run(`SET lock_timeout = ${lockTimeoutMs}`);
      try {
        for (const statement of statements) {
          if (BATCH.test(statement)) await runBatches(session, statement, lockTimeoutMs);
          else await runAlone(session, statement);
        }
        await session.run(record(migration));
      } finally {
        await session.run('RESET lock_timeout');
      }
    } else {
      await retryOnLockTimeout(async () => {
        await session.run('BEGIN');
        try {
          await session.run(`SET LOCAL lock_timeout = ${lockTimeoutMs}`);
          for (const statement of statements) await session.run(statement);
          await session.run(record(migration));
          await session.run('COMMIT');
        } catch (err) {
          await session.run('ROLLBACK');
          throw err;
        }
      });
    }
    log(`migration ${migration.folderMillis} applied in ${Date.now() - started} ms`);
  }
}

/** One statement outside a transaction; an index a failed concurrent build left invalid is dropped first. */
async function runAlone(session: MigrationSession, statement: string) {
  const index = CONCURRENT_INDEX.exec(statement)?.[2];
  await retryOnLockTimeout(async () => {
    if (index) {
      const invalid = await session.query<{ name: string }>(
        `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
         where c.relname = $1 and not i.indisvalid`,
        [index],
      );
      if (invalid.length > 0) await session.run(`DROP INDEX CONCURRENTLY IF EXISTS "${index}"`);
    }
    await session.run(statement);
  });
}

async function runBatches(session: MigrationSession, statement: string, lockTimeoutMs: number) {
  for (;;) {
    const changed = await retryOnLockTimeout(async () => {
      await session.run('BEGIN');
      try {
        await session.run(`SET LOCAL lock_timeout = ${lockTimeoutMs}`);
        const n = await session.run(statement);
        await session.run('COMMIT');
        return n;
      } catch (err) {
        await session.run('ROLLBACK');
        throw err;
      }
    });
    if (changed === 0) return;
  }
}

async function retryOnLockTimeout<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE || attempt >= ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}
