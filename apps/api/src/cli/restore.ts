// npm run restore -- --from <backup dir> [--identity <age identity file>]
// Restores `npm run backup`'s snapshot into an EMPTY database: the one DATABASE_URL names (create it first), or
// the embedded one in DATA_DIR (which must hold none); then puts every stored file back into the storage and
// checks it byte for byte (decisions 032 and 060). An encrypted backup needs the identity file (or
// BACKUP_AGE_IDENTITY). Start the API afterwards: it applies any newer migrations.
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

async function main() {
  process.umask(0o077);
  const { values } = parseArgs({
    options: { from: { type: 'string' }, identity: { type: 'string' }, 'skip-files': { type: 'boolean' } },
  });
  if (!values.from) {
    console.error('Usage: npm run restore -- --from <backup directory> [--identity <age identity file>]');
    process.exit(2);
  }
  const dir = resolve(values.from);
  const config = loadConfig();
  const identity = values.identity ?? config.BACKUP_AGE_IDENTITY;
  const dataDir = resolve(config.DATA_DIR);
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
    if (!values['skip-files']) {
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
