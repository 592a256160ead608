import type { Db } from './database.ts';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement of `db`, built once (decision 016): the hot reads (the session's user, a page of tasks,
 * one task) skip building their SQL on each request, and on a PostgreSQL server each pooled connection parses
 * and plans them once. `name` must be unique to the statement's text: on PostgreSQL it names the statement on
 * each connection, and a second text under the same name would run the first one.
 */
export function prepared<T>(db: Db, name: string, build: () => T): T {
  let statements = byDb.get(db);
  if (!statements) {
    statements = new Map();
    byDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}
