import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Database } from '../../db/database.ts';
import * as schema from '../../db/schema.ts';
import { decryptWith, encryptTo } from './age.ts';
import { attachedObjectKeys } from './backup.repository.ts';

// Decision 032, amended by decision 060: a backup is one consistent database snapshot, the manifest of the
// storage objects that snapshot names (key, size, SHA-256, type), and those objects' bytes, stored once each by
// content in a store shared by the backups of one root (objects are immutable once attached: a key is never
// written twice, so a later backup copies only new keys). Everything but a plain index is encrypted with age.

const MANIFEST = 'manifest.json';

/** A refusal the operator can act on (printed without a stack). */
export class BackupError extends Error {}

export type Manifest = {
  format: 'geekly-backup/2';
  createdAt: string;
  database: { kind: 'postgres' | 'pglite'; file: string; size: number; sha256: string };
  /** Decision 060: the dump, this manifest and the stored objects are encrypted with age. */
  encrypted: boolean;
  objects: { key: string; size: number; sha256: string; contentType: string }[];
  /** Keys the snapshot names that the storage did not have when the backup was taken. */
  missing: string[];
};

/** A database held still: the keys it names, and a dump of exactly that state. */
type Snapshot = {
  kind: 'postgres' | 'pglite';
  keys: { key: string; size: number; contentType: string }[];
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

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const keyId = (key: string) => createHash('sha256').update(key).digest('hex');
const objectFile = (objectsDir: string, sha256: string, encrypted: boolean) =>
  join(objectsDir, `${sha256}${encrypted ? '.age' : ''}`);

/** The newest earlier backup's index beside `dir`: which keys it stored as which content (for an incremental). */
async function previousIndex(dir: string): Promise<Map<string, string>> {
  const root = dirname(dir);
  const names = (await readdir(root).catch(() => [] as string[]))
    .filter((n) => n.startsWith('geekly-') && join(root, n) !== dir)
    .sort()
    .reverse();
  for (const name of names) {
    const index = await readIndex(join(root, name)).catch(() => null);
    if (index) return new Map(index.objects.map((o) => [o.k, o.o]));
  }
  return new Map();
}

/**
 * Copies one object into the shared store by its content: streamed from storage into a private temporary file
 * while hashed, then encrypted (or renamed) into place. Answers its size and SHA-256, or null when missing.
 */
async function copyObject(storage: FileStorage, key: string, opts: BackupOptions) {
  const tmp = join(opts.objectsDir, `.tmp-${randomUUID()}`);
  try {
    let source: NodeJS.ReadableStream;
    try {
      source = await storage.read(key);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      source as AsyncIterable<Buffer>,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(tmp, { mode: 0o600 }),
    );
    const sha256 = hash.digest('hex');
    const target = objectFile(opts.objectsDir, sha256, !!opts.recipient);
    if (!(await exists(target))) {
      if (opts.recipient) await encryptTo(opts.recipient, createReadStream(tmp), target);
      else await rename(tmp, target);
    }
    return { sha256, size };
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Where a backup keeps the files and how it protects them (decision 060). */
type BackupOptions = {
  /** The store shared by every backup under one root: each object once, named by the SHA-256 of its bytes. */
  objectsDir: string;
  /** An age recipient: everything but index.json is encrypted to it. None: in the clear (development only). */
  recipient?: string;
};

/** What every backup folder holds in the clear: no personal data, enough to prune and check without the key. */
export type BackupIndex = {
  format: 'geekly-backup-index/2';
  createdAt: string;
  encrypted: boolean;
  database: { file: string; size: number; sha256: string };
  manifest: string;
  /** Each object: `k` the SHA-256 of its key (never the key, which holds a file name), `o` of its bytes. */
  objects: { k: string; o: string }[];
};

export const INDEX = 'index.json';

async function readIndex(dir: string): Promise<BackupIndex> {
  const index = JSON.parse(await readFile(join(dir, INDEX), 'utf8')) as BackupIndex;
  if (index.format !== 'geekly-backup-index/2') throw new BackupError(`${dir}: not a Geekly backup`);
  return index;
}

/**
 * Writes `dir`/database.(dump|tar.gz)[.age], `dir`/manifest.json[.age] and `dir`/index.json, and each object the
 * snapshot names into the shared store (an object an earlier backup stored under the same key is not read again:
 * keys are never written twice). Answers the manifest.
 */
export async function writeBackup(
  snapshot: Snapshot,
  storage: FileStorage,
  dir: string,
  opts: BackupOptions,
): Promise<Manifest> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await mkdir(opts.objectsDir, { recursive: true, mode: 0o700 });
  const plainFile = snapshot.kind === 'postgres' ? 'database.dump' : 'database.tar.gz';
  try {
    await snapshot.dump(join(dir, plainFile));
  } finally {
    await snapshot.release();
  }
  const file = opts.recipient ? `${plainFile}.age` : plainFile;
  if (opts.recipient) {
    await encryptTo(opts.recipient, createReadStream(join(dir, plainFile)), join(dir, file));
    await rm(join(dir, plainFile));
  }
  const dumped = await sha256OfStream(createReadStream(join(dir, file)));
  const earlier = await previousIndex(dir);
  const objects: Manifest['objects'] = [];
  const index: BackupIndex['objects'] = [];
  const missing: string[] = [];
  for (const { key, size, contentType } of snapshot.keys) {
    const k = keyId(key);
    const known = earlier.get(k);
    const copied =
      known && (await exists(objectFile(opts.objectsDir, known, !!opts.recipient)))
        ? { sha256: known, size }
        : await copyObject(storage, key, opts);
    if (!copied) {
      missing.push(key);
      continue;
    }
    objects.push({ key, size: copied.size, sha256: copied.sha256, contentType });
    index.push({ k, o: copied.sha256 });
  }
  const manifest: Manifest = {
    format: 'geekly-backup/2',
    createdAt: new Date().toISOString(),
    database: { kind: snapshot.kind, file, size: dumped.size, sha256: dumped.sha256 },
    encrypted: !!opts.recipient,
    objects,
    missing,
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const manifestFile = opts.recipient ? `${MANIFEST}.age` : MANIFEST;
  if (opts.recipient) await encryptTo(opts.recipient, Readable.from([manifestText]), join(dir, manifestFile));
  else await writeFile(join(dir, manifestFile), manifestText, { mode: 0o600 });
  const written: BackupIndex = {
    format: 'geekly-backup-index/2',
    createdAt: manifest.createdAt,
    encrypted: manifest.encrypted,
    database: { file, size: dumped.size, sha256: dumped.sha256 },
    manifest: manifestFile,
    objects: index,
  };
  await writeFile(join(dir, INDEX), `${JSON.stringify(written)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * Checks a backup's dump is the one its index describes, and answers its manifest (decrypted with the identity
 * file for an encrypted backup).
 */
export async function readBackup(dir: string, identity?: string): Promise<Manifest> {
  const index = await readIndex(dir);
  const file = join(dir, index.database.file);
  const { size } = await stat(file);
  const { sha256 } = await sha256OfStream(createReadStream(file));
  if (size !== index.database.size || sha256 !== index.database.sha256)
    throw new BackupError(`${file} is not the dump the backup describes (size or SHA-256 differs)`);
  if (!index.encrypted) return JSON.parse(await readFile(join(dir, index.manifest), 'utf8')) as Manifest;
  const plain = await decrypted(dir, index.manifest, identity);
  try {
    return JSON.parse(await readFile(plain.path, 'utf8')) as Manifest;
  } finally {
    await plain.done();
  }
}

/** A backup file in the clear: itself, or decrypted into a private temporary folder (removed by `done`). */
async function decrypted(dir: string, file: string, identity: string | undefined) {
  if (!file.endsWith('.age')) return { path: join(dir, file), done: async () => {} };
  if (!identity)
    throw new BackupError(
      'This backup is encrypted: give the identity file (--identity or BACKUP_AGE_IDENTITY)',
    );
  const tmp = await mkdtemp(join(tmpdir(), 'geekly-restore-'));
  const path = join(tmp, file.replace(/\.age$/, ''));
  await decryptWith(identity, join(dir, file), path);
  return { path, done: () => rm(tmp, { recursive: true, force: true }) };
}

/** Restores into an empty database on a server (refuses one with any table: it never overwrites). */
export async function restoreToServer(
  url: string,
  dir: string,
  manifest: Manifest,
  identity?: string,
): Promise<void> {
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
  const dump = await decrypted(dir, manifest.database.file, identity);
  try {
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${target.url}`,
        dump.path,
      ],
      target.env,
    );
  } finally {
    await dump.done();
  }
}

/** Restores the embedded database into `pgDir` (which must not hold one). */
export async function restoreToPglite(
  pgDir: string,
  dir: string,
  manifest: Manifest,
  identity?: string,
): Promise<void> {
  if (manifest.database.kind !== 'pglite')
    throw new BackupError('This backup is of a PostgreSQL server: restore it with DATABASE_URL set');
  const exists = await stat(join(pgDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (exists) throw new BackupError(`${pgDir} already holds a database: move it away or restore elsewhere`);
  const dump = await decrypted(dir, manifest.database.file, identity);
  const bytes = await readFile(dump.path).finally(() => dump.done());
  const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  const blob = new Blob([new Uint8Array(tar)]);
  const client = new PGlite(pgDir, { loadDataDir: blob });
  await client.waitReady;
  await client.close();
}

/**
 * Puts every object of the manifest back into `storage` from the backup's store (decrypted with the identity
 * file), as attached objects: written, then sealed, so the app serves them as before. Answers how many.
 */
export async function restoreObjects(
  manifest: Manifest,
  objectsDir: string,
  storage: FileStorage,
  identity?: string,
): Promise<number> {
  for (const o of manifest.objects) {
    const name = `${o.sha256}${manifest.encrypted ? '.age' : ''}`;
    const plain = await decrypted(objectsDir, name, identity);
    try {
      await storage.put(o.key, await readFile(plain.path), o.contentType);
    } finally {
      await plain.done();
    }
    const stored = await storage.head(o.key);
    if (!stored || !(await storage.seal(o.key, stored.etag)))
      throw new BackupError(`${o.key} could not be restored into storage`);
  }
  return manifest.objects.length;
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
