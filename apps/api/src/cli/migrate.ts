// npm run migrate: applies the database migrations and the reference data, then exits (decision 031). The
// deployment runs it once before starting or upgrading the API processes; a process starting also migrates,
// under the same PostgreSQL advisory lock, so this step is safe to run while other processes start.
// It opens the same database as `npm start` (DATABASE_URL, or the embedded one in DATA_DIR, which must not be in use).
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite, openPostgres } from '../db/database.ts';
import { seedReferenceData } from '../db/seed.ts';

async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(dataDir, 'db'));
  try {
    await database.migrate(() => seedReferenceData(database.db));
    console.log('The database is migrated.');
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
