import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  contractHeader,
  contractStatements,
  expandContractProblems,
  type JournalMigration,
} from '../src/db/expand-contract.ts';

// Decision 063: the migrations not yet released run while the previous release's code serves, so they may only
// expand the schema; what that code cannot survive waits for the release after, headed as a contract step.
const drizzle = fileURLToPath(new URL('../drizzle/', import.meta.url));
const read = (path: string) => readFileSync(`${drizzle}${path}`, 'utf8');

function repository() {
  const journal: JournalMigration[] = (
    JSON.parse(read('meta/_journal.json')) as { entries: { idx: number; tag: string }[] }
  ).entries.map((e) => ({ idx: e.idx, tag: e.tag, sql: read(`${e.tag}.sql`) }));
  const { released } = JSON.parse(read('releases.json')) as {
    released: { version: string; newestMigration: string }[];
  };
  const parked = readdirSync(`${drizzle}contract`)
    .filter((f) => f.endsWith('.sql'))
    .map((file) => ({ file, sql: read(`contract/${file}`) }));
  return { journal, released, parked };
}

describe("the repository's migrations", () => {
  it('after the last release, every migration only expands; contract steps wait for the release after', () => {
    const repo = repository();
    expect(repo.released.length).toBeGreaterThan(0);
    expect(expandContractProblems(repo)).toEqual([]);
  });

  it('the drop of users.login_key (migration 0034 in 1.1.0) is parked for the release after 1.1.0', () => {
    const { journal, parked } = repository();
    const m34 = journal.find((m) => m.tag.startsWith('0034_'));
    expect(contractStatements(m34?.sql ?? '')).toEqual([]);
    const drop = parked.find((p) => p.file === 'drop_users_login_key.sql');
    expect(contractHeader(drop?.sql ?? '')).toBe('1.1.0');
    expect(contractStatements(drop?.sql ?? '').map((f) => f.reason)).toEqual(['drops a column']);
  });
});

describe('contractStatements', () => {
  const reasons = (sql: string) => contractStatements(sql).map((f) => f.reason);

  it('finds what the previous release cannot run against', () => {
    expect(reasons('ALTER TABLE "users" DROP COLUMN "login_key";')).toEqual(['drops a column']);
    expect(reasons('alter table users drop column if exists login_key')).toEqual(['drops a column']);
    expect(reasons('ALTER TABLE ONLY "users" DROP "login_key"')).toEqual(['drops a column']);
    expect(reasons('DROP TABLE "user_devices";')).toEqual(['drops a table']);
    expect(reasons('DROP TABLE IF EXISTS user_devices CASCADE')).toEqual(['drops a table']);
    expect(reasons('ALTER TABLE "orders" RENAME COLUMN "title" TO "name";')).toEqual(['renames a column']);
    expect(reasons('ALTER TABLE orders RENAME title TO name')).toEqual(['renames a column']);
    expect(reasons('ALTER TABLE "orders" RENAME TO "tasks";')).toEqual(['renames a table']);
    expect(reasons('ALTER TABLE "orders" ALTER COLUMN "subject" SET NOT NULL;')).toEqual([
      'makes a column NOT NULL',
    ]);
    expect(reasons('ALTER TABLE "orders" ADD COLUMN "course" text NOT NULL;')).toEqual([
      'adds a NOT NULL column without a default',
    ]);
    expect(reasons('ALTER TABLE "orders" ALTER COLUMN "size" TYPE integer USING 1;')).toEqual([
      "changes a column's type",
    ]);
    expect(reasons('ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;')).toEqual([
      "drops a column's default",
    ]);
  });

  it('finds each action of one ALTER TABLE, and each statement of a migration', () => {
    expect(
      reasons(
        `ALTER TABLE "users" ADD COLUMN "a" text, DROP COLUMN "b", ADD COLUMN "c" numeric(10, 2) NOT NULL;
         --> statement-breakpoint
         ALTER TABLE "orders" ALTER COLUMN "x" SET NOT NULL;`,
      ),
    ).toEqual(['drops a column', 'adds a NOT NULL column without a default', 'makes a column NOT NULL']);
  });

  it('lets expand steps through', () => {
    const expand = `
      -- dropping a column is done later: DROP COLUMN "x" in this comment is not a statement
      CREATE TABLE "t" ("id" uuid PRIMARY KEY NOT NULL, "n" integer NOT NULL);
      ALTER TABLE "orders" ADD COLUMN "note" text;
      ALTER TABLE "orders" ADD COLUMN "count" integer DEFAULT 0 NOT NULL;
      ALTER TABLE "orders" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY;
      ALTER TABLE "users" ALTER COLUMN "login_key" DROP NOT NULL;
      ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'new';
      ALTER TABLE "orders" DROP CONSTRAINT "orders_x_check";
      ALTER TABLE "orders" ADD CONSTRAINT "orders_y" CHECK (y IS NOT NULL) NOT VALID;
      DROP INDEX IF EXISTS "orders_old_idx";
      CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_new_idx" ON "orders" ("note");
      UPDATE "mail_outbox" SET "text" = 'DROP TABLE x; ALTER TABLE y DROP COLUMN z' WHERE false;
      CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN EXECUTE 'DROP TABLE t'; RETURN NEW; END $$ LANGUAGE plpgsql;
    `;
    expect(contractStatements(expand)).toEqual([]);
  });
});

describe('expandContractProblems', () => {
  const released = [{ version: '1.0.0', newestMigration: '0001_one' }];
  const journal = (sql: string): JournalMigration[] => [
    { idx: 0, tag: '0000_init', sql: 'CREATE TABLE "users" ("id" uuid, "login_key" text NOT NULL);' },
    { idx: 1, tag: '0001_one', sql: 'ALTER TABLE "users" DROP COLUMN "old";' },
    { idx: 2, tag: '0002_two', sql },
  ];

  it('refuses a contract statement after the last release, and accepts it in a released migration', () => {
    const problems = expandContractProblems({
      journal: journal('ALTER TABLE "users" DROP COLUMN "login_key";'),
      released,
      parked: [],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^0002_two: drops a column/);
    expect(expandContractProblems({ journal: journal('SELECT 1;'), released, parked: [] })).toEqual([]);
  });

  it('lets a contract step through once the release it names is out, and not before', () => {
    const drop = '-- migrate: contract 1.0.0\nALTER TABLE "users" DROP COLUMN "login_key";';
    expect(expandContractProblems({ journal: journal(drop), released, parked: [] })).toEqual([]);
    const early = drop.replace('1.0.0', '1.1.0');
    expect(expandContractProblems({ journal: journal(early), released, parked: [] })).toEqual([
      expect.stringMatching(/^0002_two: a contract step for release 1\.1\.0, which is not released yet/),
    ]);
  });

  it('lets a release change the tables it creates itself', () => {
    const own = 'CREATE TABLE "drafts" ("id" uuid);\nALTER TABLE "drafts" ADD COLUMN "body" text NOT NULL;';
    expect(expandContractProblems({ journal: journal(own), released, parked: [] })).toEqual([]);
  });

  it('asks for a header on a parked step, and for its move into the journal once its release is out', () => {
    const sql = 'ALTER TABLE "users" DROP COLUMN "login_key";';
    const none = expandContractProblems({
      journal: journal('SELECT 1;'),
      released,
      parked: [{ file: 'drop.sql', sql }],
    });
    expect(none).toEqual([expect.stringMatching(/^contract\/drop\.sql: a parked migration needs its/)]);
    const waiting = { file: 'drop.sql', sql: `-- migrate: contract 1.1.0\n${sql}` };
    expect(expandContractProblems({ journal: journal('SELECT 1;'), released, parked: [waiting] })).toEqual(
      [],
    );
    const due = expandContractProblems({
      journal: journal('SELECT 1;'),
      released: [...released, { version: '1.1.0', newestMigration: '0002_two' }],
      parked: [waiting],
    });
    expect(due).toEqual([expect.stringMatching(/^contract\/drop\.sql: release 1\.1\.0 is out/)]);
  });

  it('refuses a release whose newest migration is not in the journal', () => {
    expect(
      expandContractProblems({
        journal: journal('SELECT 1;'),
        released: [{ version: '1.0.0', newestMigration: '0009_gone' }],
        parked: [],
      }),
    ).toEqual([expect.stringMatching(/not in the journal/)]);
  });
});
