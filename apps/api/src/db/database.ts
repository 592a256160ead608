import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: use cases accept either. */
export type Db = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** For /ready: 'current' when every migration in the build is applied; throws when unreachable. */
  migrationState(): Promise<'current' | 'behind'>;
  /**
   * LISTENs on a channel (decision 019): on a server, on a connection of its own that reconnects after a
   * failure; on PGlite, in process. Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The server pool's connections (decision 032, /metrics); absent on PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

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
  const client = new PGlite(dataDir, options);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
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
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection can be closed by the server (restart, admin command); without a listener
  // node-postgres turns that into an uncaught exception. The pool replaces the connection on next use.
  pool.on('error', (err) => console.error(`PostgreSQL connection closed: ${err.message}`));
  // Fail fast with a clear message when the server is not reachable.
  const conn = await pool.connect();
  conn.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    migrationState: () => migrationStateOf((text) => pool.query(text)),
    listen: (channel, onPayload) => listenOnServer(url, channel, onPayload),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

async function listenOnServer(url: string, channel: string, onPayload: (payload: string) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', (err) => {
      console.error(`PostgreSQL LISTEN connection failed: ${err.message}`);
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
