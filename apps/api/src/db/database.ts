import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type MigrationSession, runMigrations } from './migrator.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: use cases accept either. */
export type Db = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  /**
   * Decision 056: the back office's heavy reads (the queue, its search, the Geeks' figures and earnings, the payout
   * report) run on a pool of their own with a statement timeout, so a student's request never waits behind a
   * report for a connection. On PGlite, the one database.
   */
  reportsDb: Database;
  /**
   * The back office's searches (a part of a title or an e-mail, a status filter): a pool like reportsDb's, whose
   * statements are planned for their values (a pattern's trigrams decide the plan); reportsDb plans each
   * statement once. On PGlite, the one database.
   */
  searchDb: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations this build has, then runs `afterwards` (the reference data). On a server both happen
   * under a PostgreSQL advisory lock, so processes starting together take turns (decision 031): the first
   * migrates, the others wait and then find nothing to do.
   */
  migrate(afterwards?: () => Promise<void>, options?: MigrateOptions): Promise<void>;
  ping(): Promise<boolean>;
  /** For /ready: 'current' when every migration in the build is applied; throws when unreachable. */
  migrationState(): Promise<'current' | 'behind'>;
  /**
   * LISTENs on a channel (decision 019): on a server, on a connection of its own that reconnects after a
   * failure, with backoff, for as long as it takes (decision 031), then calls `onReconnected`: what was
   * published while it was away was not heard, and the caller catches up from the table. On PGlite, in process.
   * Resolves to the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnected?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The server pool's connections (decision 032, /metrics); absent on PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/** Decision 057: `before` stops short of the migrations from that journal time on (bench:scale loads first). */
type MigrateOptions = { before?: number; lockTimeoutMs?: number; log?: (line: string) => void };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The newest migration this build has (drizzle records each applied one by its folder time). */
let newestMigration: number | undefined;
function newestMigrationMillis(): number {
  newestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return newestMigration;
}

/** Compares the newest migration recorded in the database with the build's; a missing table is 'behind'. */
async function migrationStateOf(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<'current' | 'behind'> {
  const { rows } = await query(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then null
       else (select max(created_at)::text from drizzle.__drizzle_migrations) end as newest`,
  );
  const newest = rows[0]?.newest;
  return typeof newest === 'string' && Number(newest) >= newestMigrationMillis() ? 'current' : 'behind';
}

/**
 * `dataDir` undefined means an in-memory PGlite (tests); `loadDataDir` starts it from a dumped data directory
 * (a migrated template) instead of running initdb.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle & { dump(): Promise<Blob> }> {
  // One options object: PGlite's constructor takes the options as its first argument whenever that argument is
  // not a string, so `new PGlite(undefined, options)` would silently drop them (and run initdb again).
  // pg_trgm: the back office's search by part of a title or e-mail (migration 0041, decision 056).
  const client = new PGlite({ dataDir, extensions: { pg_trgm }, ...options });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    reportsDb: db as unknown as Database,
    searchDb: db as unknown as Database,
    kind: 'pglite',
    migrate: async (afterwards, options) => {
      const session: MigrationSession = {
        run: async (text) => (await client.exec(text)).at(-1)?.affectedRows ?? 0,
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      };
      await runMigrations(session, { migrationsFolder, kind: 'pglite', ...options });
      await afterwards?.();
    },
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    migrationState: () => migrationStateOf((text) => client.query(text)),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  // Decision 031: while the server is unreachable a request fails within CONNECT_TIMEOUT_MS (503) rather than
  // waiting for a connection that will not come.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: PLANNER_OPTIONS,
  });
  const reportPool = (options: string) =>
    new pg.Pool({
      connectionString: url,
      max: REPORT_CONNECTIONS,
      connectionTimeoutMillis: REPORT_WAIT_MS,
      options: `${PLANNER_OPTIONS} -c statement_timeout=${REPORT_STATEMENT_TIMEOUT_MS}${options}`,
    });
  // reportsDb plans each statement once, whatever its values (decision 056, fifth pass): left to choose, PostgreSQL
  // planned the queue's prepared page for its values on every call at a million tasks (the generic plan's estimate
  // of an hour's deadlines was the dearer), and planning cost three times running it. Its statements read by index
  // whatever their values (query-plans.test.ts explains them as generic plans). A search's pattern decides its plan
  // (a generic plan halved the searches' speed at 1M): searches run on searchDb, planned for their values. A pool
  // opens its connections when first used.
  const reports = reportPool(' -c plan_cache_mode=force_generic_plan');
  const searches = reportPool('');
  // An idle pooled connection can be closed by the server (restart, admin command); without a listener
  // node-postgres turns that into an uncaught exception. The pool replaces the connection on next use.
  for (const p of [pool, reports, searches])
    p.on('error', (err) => console.error(`PostgreSQL connection closed: ${err.message}`));
  // Fail fast with a clear message when the server is not reachable.
  const conn = await pool.connect();
  conn.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    reportsDb: drizzlePg({ client: reports, schema }) as unknown as Database,
    searchDb: drizzlePg({ client: searches, schema }) as unknown as Database,
    kind: 'postgres',
    migrate: (afterwards, options) => migrateUnderLock(pool, afterwards, options),
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    migrationState: () => migrationStateOf((text) => pool.query(text)),
    listen: (channel, onPayload, onReconnected) => listenOnServer(url, channel, onPayload, onReconnected),
    close: async () => {
      await Promise.all([pool.end(), reports.end(), searches.end()]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The advisory lock every Geekly process takes to migrate (any constant; one per application). */
export const MIGRATION_LOCK_KEY = 6_104_223_571;

/**
 * drizzle's migrator takes no lock: two processes migrating one fresh database at once both try to create its
 * tables. One session holds a session-level advisory lock while the migrations run on it (decision 057's
 * migrator), and releases it after; a process that dies holding it releases it with its connection. A process
 * that finds the lock taken asks again every LOCK_POLL_MS rather than waiting in `pg_advisory_lock`: a waiting
 * statement holds a snapshot, and `CREATE INDEX CONCURRENTLY` on the migrating session waits for every older
 * snapshot to end.
 */
async function migrateUnderLock(
  pool: pg.Pool,
  afterwards?: () => Promise<void>,
  options: MigrateOptions = {},
) {
  const lock = await pool.connect();
  let broken: Error | undefined;
  try {
    const tryLock = async () =>
      (await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK_KEY]))
        .rows[0]?.ok === true;
    if (!(await tryLock())) {
      console.log('Waiting for another process to finish migrating the database…');
      while (!(await tryLock())) await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
    }
    try {
      const session: MigrationSession = {
        run: async (text) => {
          const result = (await lock.query(text)) as pg.QueryResult | pg.QueryResult[];
          return (Array.isArray(result) ? result.at(-1)?.rowCount : result.rowCount) ?? 0;
        },
        query: async <T>(text: string, params?: unknown[]) => (await lock.query(text, params)).rows as T[],
      };
      await runMigrations(session, { migrationsFolder, kind: 'postgres', ...options });
      await afterwards?.();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    // A connection that failed may still hold the lock: it is closed rather than returned to the pool.
    lock.release(broken);
  }
}

/** How often a process waiting for another's migrations asks for the lock again. */
const LOCK_POLL_MS = 250;
const CONNECT_TIMEOUT_MS = 3000;
/**
 * Decision 056, for the app's connections: JIT off (the queue's and reports' statements crossed jit_above_cost at a
 * million tasks, and compiling them took about half of each one's time; the app runs short statements only), and
 * random_page_cost 1.1 (the default 4 prices a page as a disk seek: it chose a sort of all 5,000 of a student's
 * tasks over reading 5,000 entries of the list's index, ten times slower, on a database held in memory or SSD), and
 * no parallel workers (starting them cost more than the queue's counts they split, and under 20 concurrent
 * requests there is no idle core to give them).
 */
const PLANNER_OPTIONS = '-c jit=off -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0';
/**
 * The back office's pools (decision 056): a few connections each beside the main pool's 10 (PostgreSQL's default
 * max_connections of 100 leaves room for several processes), a longer wait for one (staff wait behind staff), and
 * a statement that runs longer than this is cancelled (an answer 503) rather than holding its connection.
 */
const REPORT_CONNECTIONS = 4;
const REPORT_WAIT_MS = 10_000;
const REPORT_STATEMENT_TIMEOUT_MS = 15_000;
/** The LISTEN connection's reconnection delays: doubling from the first to the last, then the last forever. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_LAST_MS = 10_000;
/** How often the LISTEN connection is checked (a connection cut without a word from the network). */
const LISTEN_CHECK_MS = 15_000;

/**
 * The LISTEN connection (decision 019, 031). Whatever ends it (the server restarting, `pg_terminate_backend`,
 * a network cut, a failed check), it is opened again after a delay that doubles up to RECONNECT_LAST_MS, until
 * it is back, then `onReconnected` runs. Only the first connection's failure is an error (at start-up).
 */
async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnected?: () => void,
) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const reconnectLater = () => {
    if (stopped) return;
    clearTimeout(retry);
    const delay = Math.min(RECONNECT_LAST_MS, RECONNECT_FIRST_MS * 2 ** failures);
    failures++;
    retry = setTimeout(
      () => {
        connect().then(
          () => {
            if (!stopped) onReconnected?.();
          },
          () => {}, // `lost` has scheduled the next attempt
        );
      },
      delay * (0.75 + Math.random() / 2),
    );
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let gone = false;
    let check: NodeJS.Timeout | undefined;
    const lost = (err?: Error) => {
      if (gone) return;
      gone = true;
      clearInterval(check);
      if (current === c) current = undefined;
      void c.end().catch(() => {});
      if (stopped) return;
      console.error(`PostgreSQL LISTEN connection lost${err ? ` (${err.message})` : ''}: reconnecting`);
      reconnectLater();
    };
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost(err as Error);
      throw err;
    }
    if (gone) throw new Error('LISTEN connection lost while opening');
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    current = c;
    failures = 0;
    check = setInterval(() => void c.query('select 1').catch((err: Error) => lost(err)), LISTEN_CHECK_MS);
    check.unref();
  };

  try {
    await connect();
  } catch (err) {
    stopped = true; // start-up fails instead
    clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
