import { Column, is, type Placeholder, SQL, sql } from 'drizzle-orm';
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

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
const identity = Column.prototype.mapFromDriverValue;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  throw new Error('fastRows: only columns and sql fields are supported');
}

/**
 * Maps a prepared select's rows with each field's decoder resolved once (decision 025). drizzle's own mapping
 * looks each field's kind up again on every value of every row, which was a tenth of the task list's time.
 * For selects of columns and `sql` fields, one or two levels deep (`{ order: getTableColumns(orders), … }`),
 * without joins; the result is what drizzle's mapping gives.
 */
export function fastRows<T extends object>(statement: T): T {
  const query = statement as unknown as {
    fields?: SelectedField[];
    joinsNotNullableMap?: Record<string, boolean>;
    customResultMapper?: (rows: unknown[][]) => unknown;
  };
  if (!query.fields || query.customResultMapper) throw new Error('fastRows: not a prepared select');
  // drizzle turns a left-joined table's nested object into null when all its columns are; with no joins
  // (every table not nullable) that never happens.
  if (Object.values(query.joinsNotNullableMap ?? {}).some((notNullable) => !notNullable))
    throw new Error('fastRows: selects with outer joins are mapped by drizzle');
  // Compiled once into one object literal per row: every row gets the same shape (hidden class) at once,
  // instead of growing property by property.
  const decoders: (((value: unknown) => unknown) | null)[] = [];
  // A top-level field's expression, or a nested object's `"key": expression` entries.
  const top = new Map<string, string | string[]>();
  query.fields.forEach(({ path, field }, i) => {
    const decoder = decoderOf(field);
    const decode = decoder.mapFromDriverValue === identity ? null : decoder.mapFromDriverValue.bind(decoder);
    decoders.push(decode);
    const value = decode ? `(row[${i}] === null ? null : d[${i}](row[${i}]))` : `row[${i}]`;
    const [outer, inner, ...deeper] = path;
    if (outer === undefined || deeper.length > 0)
      throw new Error(`fastRows: unsupported path ${path.join('.')}`);
    const entries = top.get(outer);
    if (inner === undefined && entries === undefined) top.set(outer, value);
    else if (inner !== undefined && (entries === undefined || Array.isArray(entries)))
      top.set(outer, [...(entries ?? []), `${JSON.stringify(inner)}: ${value}`]);
    else throw new Error(`fastRows: ${outer} is both a field and an object`);
  });
  const literal = [...top]
    .map(([key, v]) => `${JSON.stringify(key)}: ${Array.isArray(v) ? `{ ${v.join(', ')} }` : v}`)
    .join(', ');
  const mapRow = new Function('d', `return (row) => ({ ${literal} });`)(decoders) as (
    row: unknown[],
  ) => unknown;
  query.customResultMapper = (rows) => rows.map(mapRow);
  return statement;
}

/**
 * A constant of the code written into a statement's text instead of being passed as a parameter. A prepared
 * statement's generic plan cannot see a parameter's value: for `client_remove = $n` PostgreSQL guessed one row
 * out of 10,000 and planned a scan and sort of the whole table (10 ms), so it kept planning each execution
 * instead (decision 025). Only for constants of the code, never for input.
 */
export function constant(value: string | boolean | number): SQL {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value));
}

/**
 * A page size for `.limit()` written into the statement: with `limit $n` PostgreSQL's generic plan expects a
 * tenth of the rows, so it keeps planning every execution instead (drizzle embeds an SQL object as it is).
 */
export const constantLimit = (n: number) => constant(n) as unknown as Placeholder;

/** A list of constants, for `in (…)`. */
export const constants = (values: readonly string[]) => sql.join(values.map(constant), sql`, `);

/**
 * A select's fields (one or two levels deep) for a query whose FROM is a derived table named as their table
 * (`from (…) as "orders"`): drizzle refuses a column of a table it does not see in the FROM, so each column is
 * written as SQL naming it, decoded as that column. The rows are what the columns would give.
 */
export function readFromDerived<T extends Record<string, unknown>>(fields: T): T {
  const map = (value: unknown): unknown => {
    if (is(value, Column)) return sql`${value}`.mapWith(value);
    if (value && typeof value === 'object' && !is(value, SQL))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, map(v)]));
    return value;
  };
  return map(fields) as T;
}
