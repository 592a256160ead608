// npm run staff:create -- --email ops@example.com --password 'a long secret' [--role admin|support]
// Creates a staff account for the operator API (/api/v3/ops), or resets its password. It opens the same
// database as `npm start` (DATABASE_URL, or the embedded one in DATA_DIR, which must not be in use).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { emailField } from '@geekly/domain/users/user-schemas.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite, openPostgres } from '../db/database.ts';
import { upsertStaffAccount } from '../modules/ops/staff-accounts.ts';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  });
  const email = emailField.safeParse(values.email ?? '');
  const role = values.role ?? 'admin';
  if (
    !email.success ||
    !values.password ||
    values.password.length < 12 ||
    (role !== 'admin' && role !== 'support')
  ) {
    console.error(
      'Usage: npm run staff:create -- --email <e-mail> --password <at least 12 characters> [--role admin|support]',
    );
    process.exit(2);
  }
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(dataDir, 'db'));
  try {
    await database.migrate();
    const { created } = await upsertStaffAccount(database.db, email.data, values.password, role);
    console.log(`${created ? 'Created' : 'Updated'} staff account ${email.data} (${role}).`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
