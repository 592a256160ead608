import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/adapters/storage/create-storage.ts';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.ts';
import { AGE_HEADER } from '../src/modules/backup/age.ts';
import {
  type Manifest,
  pgliteSnapshot,
  readBackup,
  restoreObjects,
  restoreToPglite,
  restoreToServer,
  serverSnapshot,
  verifyObjects,
  writeBackup,
} from '../src/modules/backup/backup.ts';
import { backupsToKeep, pruneBackups } from '../src/modules/backup/prune.ts';
import { pdfBytes, uploadClientFile, uploadGeekFile } from './helpers/files.ts';
import { expectLedgerConsistent, payWithCard } from './helpers/sandbox-card.ts';
import {
  call,
  createServerDatabase,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Decision 032, issue 24 item 5: a backup of a database with paid tasks and files restores into a new database
// with every table's rows and the ledger's sums unchanged, and its manifest names every stored object.
let t: TestApp;
let dir: string;
let root: string;
let backupDir: string;
let objectsDir: string;
let identity: string;
let recipient: string;
let clientEmail = '';
let restored: DatabaseHandle;
let dropRestored = async () => {};
const uploaded: { sha256: string; size: number }[] = [];
const distinctFiles = () => new Set(uploaded.map((u) => u.sha256)).size;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'geekly-backup-'));
  root = join(dir, 'backups');
  backupDir = join(root, 'geekly-a-first');
  objectsDir = join(root, 'objects');
  // The operator's key pair (decision 060): the backup knows only the public half.
  identity = join(dir, 'operator.agekey');
  execFileSync('age-keygen', ['-o', identity], { stdio: 'ignore' });
  recipient = execFileSync('age-keygen', ['-y', identity]).toString().trim();
  const ops = await staffToken(t);
  for (let i = 0; i < 2; i++) {
    const client = await signUpClient(t);
    clientEmail = client.email;
    // One task paid from the balance, one by sandbox card; files on both, a Geek's final draft on one.
    await creditBalance(t, ops, client.id, 500);
    const byBalance = await pricedOrder(t, client.token, { pages: 2 });
    const paid = await call(t, {
      url: `/orders/${byBalance._id}/pay`,
      token: client.token,
      body: { account_balance_use: Math.round(byBalance.price * 100) },
    });
    expect(paid.status).toBe(200);
    const byCard = await pricedOrder(t, client.token, { pages: 1 });
    const pay = await call(t, { url: `/orders/${byCard._id}/pay`, token: client.token, body: {} });
    expect((await payWithCard(t, pay.body.gateway)).status).toBe(303);
    for (const [orderId, n] of [
      [byBalance._id, 1],
      [byCard._id, 2],
    ] as const) {
      for (let f = 0; f < n; f++) {
        const bytes = pdfBytes(700 + 100 * f + i, String.fromCharCode(97 + f + i));
        await uploadClientFile(t, client.token, orderId, `notes-${f}.pdf`, bytes);
        uploaded.push({ sha256: sha(bytes), size: bytes.length });
      }
    }
    const draft = pdfBytes(3000 + i, 'g');
    await uploadGeekFile(t, ops, byBalance._id, { bytes: draft });
    uploaded.push({ sha256: sha(draft), size: draft.length });
  }
  // A file the student removed from an unpaid task through the product (its object is deleted): the backup must
  // not name it, or every nightly run reports it missing and exits 1.
  const student = await signUpClient(t);
  const unpaid = await pricedOrder(t, student.token);
  const removed = await uploadClientFile(t, student.token, unpaid._id, 'removed.pdf', pdfBytes(650, 'r'));
  const removal = await call(t, {
    url: `/orders/${unpaid._id}/files/${removed._id}`,
    token: student.token,
    body: { action: 'remove' },
  });
  expect(removal.status).toBeLessThan(300);
  await t.ctx.mailer.drain();
  await expectLedgerConsistent(t);
});

afterAll(async () => {
  await restored?.close();
  await dropRestored();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rowsOf = async (db: Database, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Every table of the app's schemas with its row count and a digest of all its rows, in a stable order. */
async function tableDigests(db: Database) {
  const tables = await rowsOf(
    db,
    sql`select table_schema as s, table_name as n from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { s, n } of tables as { s: string; n: string }[]) {
    const ident = sql.raw(`"${s}"."${n}"`);
    const [row] = await rowsOf(
      db,
      sql`select count(*)::int as rows, coalesce(md5(string_agg(x::text, E'\n' order by x::text)), '') as md5
          from ${ident} x`,
    );
    out[`${s}.${n}`] = { rows: Number(row?.rows), md5: String(row?.md5) };
  }
  return out;
}

const ledgerSums = (db: Database) =>
  rowsOf(
    db,
    sql`select account_type, coalesce(account_id::text, '') as account_id, sum(amount_cents)::bigint as cents,
          count(*)::int as entries
        from ledger_entries group by 1, 2 order by 1, 2`,
  );

/** A snapshot of the test app's database, as `npm run backup` takes it. */
async function snapshotOfApp() {
  const database = t.ctx.database;
  if (database.kind === 'postgres') {
    const [row] = await rowsOf(t.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${row?.name}`;
    return serverSnapshot(url.toString());
  }
  return pgliteSnapshot(database as DatabaseHandle & { dump(): Promise<Blob> });
}

/** Every byte under `root`, each file's as latin1 text: what someone holding the backups without the key sees. */
function everythingUnder(root: string): string {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1'))
    .join('\n');
}

describe('backup and restore', () => {
  let manifest: Manifest;

  it('writes an encrypted snapshot, manifest and copy of every attached object', async () => {
    manifest = await writeBackup(await snapshotOfApp(), t.ctx.storage, backupDir, {
      objectsDir,
      recipient,
    });
    expect(manifest.encrypted).toBe(true);
    expect(manifest.database.kind).toBe(t.ctx.database.kind);
    expect(manifest.missing).toEqual([]);
    const files = await rowsOf(
      t.db,
      sql`select location from order_files where not deleted order by location`,
    );
    expect(manifest.objects.map((o) => o.key)).toEqual(files.map((f) => f.location));
    expect(
      manifest.objects.map(({ sha256, size }) => ({ sha256, size })).sort((a, b) => a.size - b.size),
    ).toEqual([...uploaded].sort((a, b) => a.size - b.size));
    expect((await readBackup(backupDir, identity)).database.sha256).toBe(manifest.database.sha256);
    // Without the key, nothing personal can be read: the dump, the manifest and each file are age files.
    expect(readFileSync(join(backupDir, manifest.database.file)).subarray(0, 21).toString()).toBe(AGE_HEADER);
    // Stored once per content: the same bytes attached twice are one file.
    expect(readdirSync(objectsDir).filter((f) => f.endsWith('.age'))).toHaveLength(distinctFiles());
    const seen = everythingUnder(root);
    for (const secret of ['notes-0.pdf', 'final-draft.pdf', clientEmail, '%PDF-1.4'])
      expect(seen).not.toContain(secret);
    await expect(readBackup(backupDir)).rejects.toThrow(/encrypted/);
    // Written for its owner only.
    expect(statSync(join(backupDir, manifest.database.file)).mode & 0o077).toBe(0);
  });

  it('copies only new files the next time, and prunes to the kept days and weeks', async () => {
    const storage = t.ctx.storage;
    const read = storage.read.bind(storage);
    let reads = 0;
    storage.read = (key: string) => {
      reads++;
      return read(key);
    };
    try {
      const next = await writeBackup(await snapshotOfApp(), storage, join(root, 'geekly-z-next'), {
        objectsDir,
        recipient,
      });
      expect(next.objects.map((o) => o.sha256)).toEqual(manifest.objects.map((o) => o.sha256));
    } finally {
      storage.read = read;
    }
    expect(reads).toBe(0);
    expect(readdirSync(objectsDir)).toHaveLength(distinctFiles());

    const day = (n: number) => new Date(Date.UTC(2026, 10, 27 - n, 3));
    const daily = Array.from({ length: 40 }, (_, n) => ({ name: `geekly-${n}`, at: day(n) }));
    const kept = backupsToKeep(daily, { daily: 7, weekly: 4 });
    // 27 Nov 2026 is a Friday: the last 7 days, and the newest of each of the 4 newest weeks (Mondays 23, 16, 9, 2).
    expect([...kept].sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)))).toEqual([
      'geekly-0',
      'geekly-1',
      'geekly-2',
      'geekly-3',
      'geekly-4',
      'geekly-5',
      'geekly-6',
      'geekly-12',
      'geekly-19',
    ]);
  });

  it('restores into a new database with every table and the ledger unchanged', async () => {
    if (manifest.database.kind === 'postgres') {
      const created = await createServerDatabase(process.env.TEST_DATABASE_URL ?? '');
      dropRestored = created.drop;
      await restoreToServer(created.url, backupDir, manifest, identity);
      // It never restores over data.
      await expect(restoreToServer(created.url, backupDir, manifest, identity)).rejects.toThrow(/not empty/);
      restored = await openPostgres(created.url);
    } else {
      const pgDir = join(dir, 'restored-db');
      await restoreToPglite(pgDir, backupDir, manifest, identity);
      await expect(restoreToPglite(pgDir, backupDir, manifest, identity)).rejects.toThrow(
        /already holds a database/,
      );
      restored = await openPglite(pgDir);
    }
    const before = await tableDigests(t.db);
    const after = await tableDigests(restored.db);
    expect(Object.keys(before).length).toBeGreaterThan(30);
    expect(before['public.ledger_entries']?.rows).toBeGreaterThan(8);
    expect(before['public.order_files']?.rows).toBe(uploaded.length + 1);
    expect(after).toEqual(before);
    const sums = await ledgerSums(restored.db);
    expect(sums).toEqual(await ledgerSums(t.db));
    expect(sums.reduce((s, r) => s + Number(r.cents), 0)).toBe(0);
    // The restored database is one the app runs on: migrations find nothing left to do.
    await restored.migrate();
    expect(await tableDigests(restored.db)).toEqual(before);
  });

  it('puts the files back into a fresh data folder, and a restored file downloads', async () => {
    const fresh = await createStorage({
      config: t.ctx.config,
      dataDir: join(dir, 'fresh-data'),
      localSecret: randomBytes(32).toString('hex'),
      now: () => new Date(),
    });
    expect(await restoreObjects(manifest, objectsDir, fresh, identity)).toBe(uploaded.length);
    expect(await verifyObjects(manifest, fresh)).toEqual({
      checked: uploaded.length,
      missing: [],
      changed: [],
    });
    const server = Fastify();
    if (fresh.routes) await server.register(fresh.routes);
    try {
      for (const o of manifest.objects) {
        const url = new URL(
          await fresh.signedDownloadUrl(o.key, {
            fileName: 'restored.pdf',
            contentType: o.contentType,
            expiresAt: new Date(Date.now() + 60_000),
          }),
        );
        const res = await server.inject({ method: 'GET', url: url.pathname + url.search });
        expect(res.statusCode).toBe(200);
        expect(sha(res.rawPayload)).toBe(o.sha256);
      }
    } finally {
      await server.close();
      await fresh.close();
    }
  });

  it('pruning removes the backups not kept and the files only they named', async () => {
    const stray = join(objectsDir, `${'0'.repeat(64)}.age`);
    writeFileSync(stray, 'an object no backup names');
    const pruned = await pruneBackups(root, { daily: 1, weekly: 0 });
    expect(pruned).toEqual({ kept: ['geekly-z-next'], removed: ['geekly-a-first'], objectsRemoved: 1 });
    expect(existsSync(stray)).toBe(false);
    expect(readdirSync(objectsDir)).toHaveLength(distinctFiles());
  });

  it('finds every object in storage, and names one that went missing', async () => {
    expect(await verifyObjects(manifest, t.ctx.storage)).toEqual({
      checked: uploaded.length,
      missing: [],
      changed: [],
    });
    const gone = manifest.objects[0]?.key ?? '';
    await t.ctx.storage.remove(gone);
    const check = await verifyObjects(manifest, t.ctx.storage);
    expect(check.missing).toEqual([gone]);
  });
});
