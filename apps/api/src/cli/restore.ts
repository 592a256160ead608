// npm run restore -- --from <backup dir>
// Restores `npm run backup`'s snapshot into an EMPTY database: the one DATABASE_URL names (create it first), or
// the embedded one in DATA_DIR (which must hold none). Then checks the storage holds every object of the manifest,
// byte for byte (decision 032). Start the API afterwards: it applies any newer migrations.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStorage } from '../adapters/storage/create-storage.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import {
  BackupError,
  readBackup,
  restoreToPglite,
  restoreToServer,
  verifyObjects,
} from '../modules/backup/backup.ts';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  if (!values.from) {
    console.error('Usage: npm run restore -- --from <backup directory>');
    process.exit(2);
  }
  const dir = resolve(values.from);
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const manifest = await readBackup(dir);
  if (config.DATABASE_URL) {
    await restoreToServer(config.DATABASE_URL, dir, manifest);
  } else {
    mkdirSync(dataDir, { recursive: true });
    const unlock = lockDataDir(dataDir);
    try {
      await restoreToPglite(join(dataDir, 'db'), dir, manifest);
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
    err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BackupError
      ? err.message
      : err,
  );
  process.exit(1);
});
