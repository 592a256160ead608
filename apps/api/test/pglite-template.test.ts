import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/database.ts';

// The API suite starts each test file's embedded database from the run's migrated template
// (helpers/database-template.ts). PGlite's constructor once dropped the template without a word when no data
// directory was given, and every file ran initdb and all migrations again.
describe('an in-memory PGlite started from a dumped data directory', () => {
  it('holds what the dump held', async () => {
    const first = await openPglite(undefined);
    await first.db.execute(sql`create table template_marker (note text)`);
    await first.db.execute(sql`insert into template_marker values ('from the template')`);
    const dump = await first.dump();
    await first.close();

    const copy = await openPglite(undefined, { loadDataDir: dump });
    try {
      const result = await copy.db.execute(sql`select note from template_marker`);
      const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
      expect(rows).toEqual([{ note: 'from the template' }]);
    } finally {
      await copy.close();
    }
  });
});
