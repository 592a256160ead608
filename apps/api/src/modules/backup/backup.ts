import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Database } from '../../db/database.ts';
import * as schema from '../../db/schema.ts';
import { attachedObjectKeys } from './backup.repository.ts';

// Decision 032: a backup is one consistent database snapshot plus the manifest of the storage objects that
// snapshot names (key, size, SHA-256). Objects are immutable once attached (a key is never written twice), so
// the manifest says what the storage must still hold for the snapshot to be whole; the bucket's own versioning
// or replication keeps the bytes.

export const MANIFEST = 'manifest.json';

/** A refusal the operator can act on (printed without a stack). */
export class BackupError extends Error {}

export type Manifest = {
  format: 'geekly-backup/1';
  createdAt: string;
  database: { kind: 'postgres' | 'pglite'; file: string; size: number; sha256: string };
  objects: { key: string; size: number; sha256: string }[];
  /** Keys the snapshot names that the storage did not have when the backup was taken. */
  missing: string[];
};

/** A database held still: the keys it names, and a dump of exactly that state. */
export type Snapshot = {
  kind: 'postgres' | 'pglite';
  keys: { key: string; size: number }[];
  /** Writes the dump to `file`. */
  dump(file: string): Promise<void>;
  release(): Promise<void>;
};

/** The URL for a command line without its password (which `ps` would show), and the password for PGPASSWORD. */
function withoutPassword(url: string): { url: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...env } });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', (e) =>
      reject(new BackupError(`${cmd} could not start (${e.message}): install PostgreSQL's client tools`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/**
 * A PostgreSQL server: a read-only repeatable-read transaction exports its snapshot, reads the keys in it, and
 * `pg_dump -Fc --snapshot` dumps that same snapshot, so the manifest and the dump agree while writes go on.
 */
export async function serverSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshotId = rows[0]?.id ?? '';
    const keys = await attachedObjectKeys(drizzle({ client, schema }) as unknown as Database);
    return {
      kind: 'postgres',
      keys,
      dump: (file) => {
        const target = withoutPassword(url);
        return run(
          'pg_dump',
          [
            '-Fc',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshotId}`,
            '-f',
            file,
            `--dbname=${target.url}`,
          ],
          target.env,
        );
      },
      async release() {
        await client.query('rollback').catch(() => {});
        await client.end();
      },
    };
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

/** The embedded database: one process holds it (the data directory's lock), so nothing moves meanwhile. */
export async function pgliteSnapshot(database: { db: Database; dump(): Promise<Blob> }): Promise<Snapshot> {
  return {
    kind: 'pglite',
    keys: await attachedObjectKeys(database.db),
    async dump(file) {
      const blob = await database.dump();
      await writeFile(file, gzipSync(Buffer.from(await blob.arrayBuffer())));
    },
    async release() {},
  };
}

async function sha256OfStream(stream: NodeJS.ReadableStream): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

const isNotFound = (err: unknown) => {
  const e = err as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.code === 'ENOENT' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Reads one object through, as the app serves it; null when the storage does not have it. Read, not `head`: an
 * attached object on S3 is served from its sealed copy (decision 030), which `head` (the signed key) never sees.
 */
async function checksumObject(storage: FileStorage, key: string) {
  try {
    return await sha256OfStream(await storage.read(key));
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Writes `dir`/database.(dump|tar.gz) and `dir`/manifest.json; answers the manifest. */
export async function writeBackup(snapshot: Snapshot, storage: FileStorage, dir: string): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  const file = snapshot.kind === 'postgres' ? 'database.dump' : 'database.tar.gz';
  try {
    await snapshot.dump(join(dir, file));
  } finally {
    await snapshot.release();
  }
  const dumped = await sha256OfStream(createReadStream(join(dir, file)));
  const objects: Manifest['objects'] = [];
  const missing: string[] = [];
  for (const { key } of snapshot.keys) {
    const sum = await checksumObject(storage, key);
    if (sum) objects.push({ key, ...sum });
    else missing.push(key);
  }
  const manifest: Manifest = {
    format: 'geekly-backup/1',
    createdAt: new Date().toISOString(),
    database: { kind: snapshot.kind, file, size: dumped.size, sha256: dumped.sha256 },
    objects,
    missing,
  };
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads a backup's manifest and checks its dump is the one it describes. */
export async function readBackup(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 'geekly-backup/1') throw new BackupError(`${dir}: not a Geekly backup`);
  const file = join(dir, manifest.database.file);
  const { size } = await stat(file);
  const { sha256 } = await sha256OfStream(createReadStream(file));
  if (size !== manifest.database.size || sha256 !== manifest.database.sha256)
    throw new BackupError(`${file} is not the dump the manifest describes (size or SHA-256 differs)`);
  return manifest;
}

/** Restores into an empty database on a server (refuses one with any table: it never overwrites). */
export async function restoreToServer(url: string, dir: string, manifest: Manifest): Promise<void> {
  if (manifest.database.kind !== 'postgres')
    throw new BackupError('This backup is of the embedded database: restore it with DATABASE_URL unset');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]?.n) > 0)
      throw new BackupError('The target database is not empty: restore into a newly created database');
  } finally {
    await client.end();
  }
  const target = withoutPassword(url);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.url}`,
      join(dir, manifest.database.file),
    ],
    target.env,
  );
}

/** Restores the embedded database into `pgDir` (which must not hold one). */
export async function restoreToPglite(pgDir: string, dir: string, manifest: Manifest): Promise<void> {
  if (manifest.database.kind !== 'pglite')
    throw new BackupError('This backup is of a PostgreSQL server: restore it with DATABASE_URL set');
  const exists = await stat(join(pgDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (exists) throw new BackupError(`${pgDir} already holds a database: move it away or restore elsewhere`);
  const bytes = await readFile(join(dir, manifest.database.file));
  const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  const blob = new Blob([new Uint8Array(tar)]);
  const client = new PGlite(pgDir, { loadDataDir: blob });
  await client.waitReady;
  await client.close();
}

/** Checks the storage still holds every object of the manifest, byte for byte. */
export async function verifyObjects(manifest: Manifest, storage: FileStorage) {
  const missing: string[] = [...manifest.missing];
  const changed: string[] = [];
  for (const o of manifest.objects) {
    const sum = await checksumObject(storage, o.key);
    if (!sum) missing.push(o.key);
    else if (sum.sha256 !== o.sha256 || sum.size !== o.size) changed.push(o.key);
  }
  return { checked: manifest.objects.length, missing, changed };
}
