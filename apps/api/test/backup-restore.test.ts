import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.ts';
import {
  type Manifest,
  pgliteSnapshot,
  readBackup,
  restoreToPglite,
  restoreToServer,
  serverSnapshot,
  verifyObjects,
  writeBackup,
} from '../src/modules/backup/backup.ts';
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
let restored: DatabaseHandle;
let dropRestored = async () => {};
const uploaded: { sha256: string; size: number }[] = [];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'geekly-backup-'));
  const ops = await staffToken(t);
  for (let i = 0; i < 2; i++) {
    const client = await signUpClient(t);
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

describe('backup and restore', () => {
  let manifest: Manifest;

  it('writes a snapshot and a manifest of every attached object with its size and SHA-256', async () => {
    const database = t.ctx.database;
    let snapshot: Awaited<ReturnType<typeof serverSnapshot>>;
    if (database.kind === 'postgres') {
      const [row] = await rowsOf(t.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${row?.name}`;
      snapshot = await serverSnapshot(url.toString());
    } else {
      snapshot = await pgliteSnapshot(database as DatabaseHandle & { dump(): Promise<Blob> });
    }
    manifest = await writeBackup(snapshot, t.ctx.storage, dir);
    expect(manifest.database.kind).toBe(database.kind);
    expect(manifest.missing).toEqual([]);
    const files = await rowsOf(
      t.db,
      sql`select location from order_files where not deleted order by location`,
    );
    expect(manifest.objects.map((o) => o.key)).toEqual(files.map((f) => f.location));
    expect(
      manifest.objects.map(({ sha256, size }) => ({ sha256, size })).sort((a, b) => a.size - b.size),
    ).toEqual([...uploaded].sort((a, b) => a.size - b.size));
    expect((await readBackup(dir)).database.sha256).toBe(manifest.database.sha256);
  });

  it('restores into a new database with every table and the ledger unchanged', async () => {
    if (manifest.database.kind === 'postgres') {
      const created = await createServerDatabase(process.env.TEST_DATABASE_URL ?? '');
      dropRestored = created.drop;
      await restoreToServer(created.url, dir, manifest);
      // It never restores over data.
      await expect(restoreToServer(created.url, dir, manifest)).rejects.toThrow(/not empty/);
      restored = await openPostgres(created.url);
    } else {
      const pgDir = join(dir, 'restored-db');
      await restoreToPglite(pgDir, dir, manifest);
      await expect(restoreToPglite(pgDir, dir, manifest)).rejects.toThrow(/already holds a database/);
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
