/**
 * Decision 063: a release's migrations run while the previous release's code still serves (RUNBOOK.md "Upgrade
 * with no downtime"), and that code must keep working on the migrated schema, and again after a code-only
 * rollback. So a migration that is not yet released may only *expand* the schema. What the previous release's
 * queries or inserts cannot survive — a dropped or renamed table or column, a column made NOT NULL, a NOT NULL
 * column added without a default, a column's type changed or its default dropped — is a *contract* step: it
 * ships one release after the code stopped using what it changes, with a first-lines header
 * `-- migrate: contract <release>` naming that release, which must already be released.
 *
 * The check reads the SQL text (comments, quoted strings and function bodies left out); it does not judge a new
 * CHECK, UNIQUE or foreign key constraint, which a reviewer still reads for writes the old code makes.
 */

/** `table`: the table the statement changes, unquoted and lower case. */
type ContractStatement = { statement: string; table: string; reason: string };

type Release = { version: string; newestMigration: string };

export type JournalMigration = { idx: number; tag: string; sql: string };

/** `-- migrate: contract 1.1.0` among a migration's leading comment lines: the release named, else null. */
export function contractHeader(sql: string): string | null {
  for (const line of sql.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    if (!text.startsWith('--')) return null;
    const marked = /^--\s*migrate:\s*contract\s+(\S+)/.exec(text);
    if (marked?.[1]) return marked[1];
  }
  return null;
}

/** The statements of a migration the previous release's code could not run against, each with why. */
export function contractStatements(sql: string): ContractStatement[] {
  const found: ContractStatement[] = [];
  for (const statement of statementsOf(sql)) {
    const flat = statement.replace(/\s+/g, ' ').trim();
    const upper = flat.toUpperCase();
    const table = tableOf(flat);
    const add = (reason: string) => found.push({ statement: flat, table, reason });
    if (/^DROP TABLE\b/.test(upper)) add('drops a table');
    if (/^ALTER TABLE\b/.test(upper)) {
      for (const action of alterActions(flat)) {
        const a = action.toUpperCase();
        if (/^DROP (COLUMN )?(?!CONSTRAINT\b)/.test(a)) add('drops a column');
        else if (/^RENAME\b/.test(a)) add(/^RENAME TO\b/.test(a) ? 'renames a table' : 'renames a column');
        else if (/^ALTER (COLUMN )?\S+ SET NOT NULL\b/.test(a)) add('makes a column NOT NULL');
        else if (/^ALTER (COLUMN )?\S+ (SET DATA )?TYPE\b/.test(a)) add("changes a column's type");
        else if (/^ALTER (COLUMN )?\S+ DROP DEFAULT\b/.test(a)) add("drops a column's default");
        else if (/^ADD (COLUMN )?(?!CONSTRAINT\b)/.test(a) && /\bNOT NULL\b/.test(a)) {
          if (!/\b(DEFAULT|GENERATED)\b/.test(a)) add('adds a NOT NULL column without a default');
        }
      }
    }
  }
  return found;
}

/**
 * Every problem with the journal's migrations newer than the last release, and with the contract steps parked
 * for a later one (`parked`: files that are not in the journal yet). Empty when the upgrade is safe.
 */
export function expandContractProblems(input: {
  journal: JournalMigration[];
  released: Release[];
  parked: { file: string; sql: string }[];
}): string[] {
  const problems: string[] = [];
  const releasedVersions = new Set(input.released.map((r) => r.version));
  const last = input.released.at(-1);
  const lastIdx = last ? input.journal.find((m) => m.tag === last.newestMigration)?.idx : -1;
  if (lastIdx === undefined)
    return [`release ${last?.version}: its newest migration ${last?.newestMigration} is not in the journal`];
  const unreleased = input.journal.filter((j) => j.idx > lastIdx);
  // A table the release itself creates is unknown to the previous release's code: changing it is safe.
  const created = new Set(unreleased.flatMap((m) => createdTables(m.sql)));
  for (const m of unreleased) {
    const found = contractStatements(m.sql).filter((f) => !created.has(f.table));
    if (found.length === 0) continue;
    const header = contractHeader(m.sql);
    if (header === null) {
      for (const f of found)
        problems.push(
          `${m.tag}: ${f.reason} (${f.statement.slice(0, 80)}) while the previous release's code still runs: ` +
            'expand now, and contract one release later in a migration headed `-- migrate: contract <release>`',
        );
    } else if (!releasedVersions.has(header)) {
      problems.push(
        `${m.tag}: a contract step for release ${header}, which is not released yet: park it in drizzle/contract/ ` +
          'until that release is out',
      );
    }
  }
  for (const p of input.parked) {
    const header = contractHeader(p.sql);
    if (header === null)
      problems.push(
        `contract/${p.file}: a parked migration needs its \`-- migrate: contract <release>\` header`,
      );
    else if (releasedVersions.has(header))
      problems.push(
        `contract/${p.file}: release ${header} is out, so this contract step may ship now: give it the next ` +
          'number and a journal entry',
      );
  }
  return problems;
}

/** The tables a migration creates. */
function createdTables(sql: string): string[] {
  return statementsOf(sql)
    .filter((s) => /^CREATE (UNLOGGED )?TABLE\b/i.test(s))
    .map((s) => tableOf(s.replace(/\s+/g, ' ')));
}

/** The table named after `TABLE [IF [NOT] EXISTS] [ONLY]`, without quotes or schema, lower case. */
function tableOf(statement: string): string {
  const name =
    /\bTABLE (?:IF (?:NOT )?EXISTS )?(?:ONLY )?((?:"[^"]+"|[^\s(]+)(?:\.(?:"[^"]+"|[^\s(]+))?)/i.exec(
      statement,
    )?.[1];
  return (name ?? '').split('.').at(-1)?.replaceAll('"', '').toLowerCase() ?? '';
}

/** The statements of a migration, with comments, string literals and dollar-quoted bodies blanked. */
function statementsOf(sql: string): string[] {
  const text = sql
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "''")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ');
  return text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `ALTER TABLE [IF EXISTS] [ONLY] name action, action…`: the actions, split at top-level commas. */
function alterActions(statement: string): string[] {
  const rest = statement.replace(/^ALTER TABLE (IF EXISTS )?(ONLY )?("[^"]+"|\S+)(\.("[^"]+"|\S+))? /i, '');
  const actions: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '(') depth++;
    else if (rest[i] === ')') depth--;
    else if (rest[i] === ',' && depth === 0) {
      actions.push(rest.slice(start, i).trim());
      start = i + 1;
    }
  }
  actions.push(rest.slice(start).trim());
  return actions;
}
