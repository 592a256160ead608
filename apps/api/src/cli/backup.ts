// npm run backup [-- --out <dir>]
// Writes a consistent snapshot of the database (a PostgreSQL server: pg_dump's custom format; embedded: PGlite's
// data directory, with the server stopped), its manifest and the stored files it names, encrypted to
// BACKUP_AGE_RECIPIENT, under BACKUP_DIR; then prunes older backups to BACKUP_KEEP_DAILY / BACKUP_KEEP_WEEKLY
// (decisions 032 and 060). Files and folders are written readable by their owner only. With STORAGE=s3 and
// BACKUP_S3_BUCKET, the bucket is copied there too, new and changed objects only (decision 063).
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStorage } from '../adapters/storage/create-storage.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite } from '../db/database.ts';
import { AgeError } from '../modules/backup/age.ts';
import { BackupError, pgliteSnapshot, serverSnapshot, writeBackup } from '../modules/backup/backup.ts';
import { bucketCopySides, syncBucket } from '../modules/backup/bucket-copy.ts';
import { pruneBackups } from '../modules/backup/prune.ts';
import { isProduction } from '../production-mode.ts';

async function main() {
  process.umask(0o077);
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (!config.BACKUP_AGE_RECIPIENT) {
    if (isProduction(config))
      throw new BackupError(
        'BACKUP_AGE_RECIPIENT is required in production mode: backups hold every personal datum in the clear otherwise (deploy/RUNBOOK.md, "Backups")',
      );
    console.warn('BACKUP_AGE_RECIPIENT is unset: this backup is NOT encrypted (development only).');
  }
  const dataDir = resolve(config.DATA_DIR);
  const root = resolve(values.out ?? config.BACKUP_DIR);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = join(root, `geekly-${stamp}`);
  // Reading needs no signing key; the local adapter wants one all the same.
  const storage = await createStorage({
    config,
    dataDir,
    localSecret: randomBytes(32).toString('hex'),
    now: () => new Date(),
  });
  const sides = bucketCopySides(config);
  let unlock = () => {};
  let close = async () => {};
  try {
    let snapshot: Awaited<ReturnType<typeof serverSnapshot>>;
    if (config.DATABASE_URL) {
      snapshot = await serverSnapshot(config.DATABASE_URL);
    } else {
      unlock = lockDataDir(dataDir);
      const database = await openPglite(join(dataDir, 'db'));
      close = () => database.close();
      snapshot = await pgliteSnapshot(database);
    }
    const manifest = await writeBackup(snapshot, storage, out, {
      objectsDir: join(root, 'objects'),
      recipient: config.BACKUP_AGE_RECIPIENT,
    });
    console.log(`Backup written to ${out}${manifest.encrypted ? ' (encrypted with age)' : ''}`);
    console.log(
      `  database: ${manifest.database.file} (${manifest.database.size} bytes, sha256 ${manifest.database.sha256})`,
    );
    console.log(`  storage objects: ${manifest.objects.length}, in ${join(root, 'objects')}`);
    if (manifest.missing.length > 0) {
      console.error(`  ${manifest.missing.length} object(s) the database names are missing from storage:`);
      for (const key of manifest.missing) console.error(`    ${key}`);
      process.exitCode = 1;
    }
    if (sides) {
      const synced = await syncBucket(sides.bucket, sides.copy);
      console.log(
        `  bucket copy s3://${sides.copy.bucket}/${sides.copy.prefix}: ${synced.copied.length} copied, ${synced.deleted.length} deleted, ${synced.unchanged} unchanged`,
      );
    } else if (config.STORAGE === 's3') {
      console.warn('  BACKUP_S3_BUCKET is unset: the bucket is not copied (deploy/RUNBOOK.md "Backups")');
    }
    const pruned = await pruneBackups(root, {
      daily: config.BACKUP_KEEP_DAILY,
      weekly: config.BACKUP_KEEP_WEEKLY,
    });
    console.log(
      `  kept ${pruned.kept.length} backup(s); removed ${pruned.removed.length} and ${pruned.objectsRemoved} object(s) no kept backup names`,
    );
  } finally {
    await close();
    unlock();
    await storage.close();
    sides?.bucket.client.destroy();
    sides?.copy.client.destroy();
  }
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError ||
      err instanceof DataDirLockedError ||
      err instanceof BackupError ||
      err instanceof AgeError
      ? err.message
      : err,
  );
  process.exit(1);
});
