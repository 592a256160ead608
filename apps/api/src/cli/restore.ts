// npm run restore -- --from <backup dir> [--identity <age identity file>] [--files-from-copy | --skip-files]
// Restores `npm run backup`'s snapshot into an EMPTY database: the one DATABASE_URL names (create it first), or
// the embedded one in DATA_DIR (which must hold none); then puts every stored file back into the storage and
// checks it byte for byte (decisions 032 and 060). An encrypted backup needs the identity file (or
// BACKUP_AGE_IDENTITY). --files-from-copy takes the files from the bucket copy instead (STORAGE=s3 with
// BACKUP_S3_BUCKET, decision 063): what the bucket lacks or holds differently is copied back. Start the API
// afterwards: it applies any newer migrations.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStorage } from '../adapters/storage/create-storage.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { AgeError } from '../modules/backup/age.ts';
import {
  BackupError,
  readBackup,
  restoreObjects,
  restoreToPglite,
  restoreToServer,
  verifyObjects,
} from '../modules/backup/backup.ts';
import { bucketCopySides, syncBucket } from '../modules/backup/bucket-copy.ts';

async function main() {
  process.umask(0o077);
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      identity: { type: 'string' },
      'skip-files': { type: 'boolean' },
      'files-from-copy': { type: 'boolean' },
    },
  });
  if (!values.from) {
    console.error('Usage: npm run restore -- --from <backup directory> [--identity <age identity file>]');
    process.exit(2);
  }
  const dir = resolve(values.from);
  const config = loadConfig();
  const identity = values.identity ?? config.BACKUP_AGE_IDENTITY;
  const dataDir = resolve(config.DATA_DIR);
  const sides = values['files-from-copy'] ? bucketCopySides(config) : null;
  if (values['files-from-copy'] && !sides)
    throw new BackupError('--files-from-copy needs STORAGE=s3 and BACKUP_S3_BUCKET (deploy/ENVIRONMENT.md)');
  const manifest = await readBackup(dir, identity);
  if (config.DATABASE_URL) {
    await restoreToServer(config.DATABASE_URL, dir, manifest, identity);
  } else {
    mkdirSync(dataDir, { recursive: true });
    const unlock = lockDataDir(dataDir);
    try {
      await restoreToPglite(join(dataDir, 'db'), dir, manifest, identity);
    } finally {
      unlock();
    }
  }
  console.log(`Database restored from ${dir} (taken ${manifest.createdAt}).`);
  const storage = await createStorage({
    config,
    dataDir,
    localSecret: randomBytes(32).toString('hex'),
    now: () => new Date(),
  });
  try {
    // --skip-files: the bucket was restored with the provider's tools (deploy/RUNBOOK.md), only check it.
    if (sides) {
      const back = await syncBucket(sides.copy, sides.bucket, { deleteExtra: false });
      console.log(
        `Storage: ${back.copied.length} objects copied back from s3://${sides.copy.bucket}/${sides.copy.prefix} (${back.unchanged} already there).`,
      );
    } else if (!values['skip-files']) {
      const n = await restoreObjects(manifest, join(dirname(dir), 'objects'), storage, identity);
      console.log(`Storage: ${n} objects put back.`);
    }
    const { checked, missing, changed } = await verifyObjects(manifest, storage);
    console.log(
      `Storage: ${checked - missing.length - changed.length} of ${checked} objects present and unchanged.`,
    );
    for (const key of missing) console.error(`  missing: ${key}`);
    for (const key of changed) console.error(`  changed: ${key}`);
    if (missing.length + changed.length > 0) process.exitCode = 1;
  } finally {
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
