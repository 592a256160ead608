import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { verifyPassword } from '../src/modules/auth/password.ts';

const cliPath = fileURLToPath(new URL('../src/cli/create-staff.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'geekly-staff-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The documented command (README, decision 008) on the embedded database.
function createStaff(...args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, [cliPath, ...args], {
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

describe('npm run staff:create', () => {
  it('creates a staff account, resets its password when run again, and refuses bad input', async () => {
    const first = createStaff('--email', 'Ops@Example.com', '--password', 'a long operator secret');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Created staff account ops@example.com');
    const again = createStaff('--email', 'ops@example.com', '--password', 'another long secret');
    expect(again.stdout).toContain('Updated staff account ops@example.com');
    const short = createStaff('--email', 'ops@example.com', '--password', 'short');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('Usage: npm run staff:create');

    const database = await openPglite(join(dataDir, 'db'));
    try {
      const [row] = await database.db.select().from(users).where(eq(users.email, 'ops@example.com'));
      expect(row?.role).toBe('staff');
      expect(await verifyPassword(row?.passwordHash ?? '', 'another long secret')).toBe(true);
    } finally {
      await database.close();
    }
    // Three real CLI processes, each opening and migrating the embedded database: slow on a loaded machine.
  }, 90_000);
});
