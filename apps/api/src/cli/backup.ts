// npm run backup [-- --out <dir>]
// Writes a consistent snapshot of the database (a PostgreSQL server: pg_dump's custom format; embedded: PGlite's
// data directory, with the server stopped) and the manifest of the storage objects it names (decision 032).
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStorage } from '../adapters/storage/create-storage.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite } from '../db/database.ts';
import { BackupError, pgliteSnapshot, serverSnapshot, writeBackup } from '../modules/backup/backup.ts';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = resolve(values.out ?? join('backups', `geekly-${stamp}`));
  // Reading needs no signing key; the local adapter wants one all the same.
  const storage = await createStorage({
    config,
    dataDir,
    localSecret: randomBytes(32).toString('hex'),
    now: () => new Date(),
  });
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
    const manifest = await writeBackup(snapshot, storage, out);
    console.log(`Backup written to ${out}`);
    console.log(
      `  database: ${manifest.database.file} (${manifest.database.size} bytes, sha256 ${manifest.database.sha256})`,
    );
    console.log(`  storage objects: ${manifest.objects.length} in ${join(out, 'manifest.json')}`);
    if (manifest.missing.length > 0) {
      console.error(`  ${manifest.missing.length} object(s) the database names are missing from storage:`);
      for (const key of manifest.missing) console.error(`    ${key}`);
      process.exitCode = 1;
    }
  } finally {
    await close();
    unlock();
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
