import { QUEUE_GROUPS, type QueueGroup } from '@geekly/domain/ops/back-office.ts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { constant, constantLimit, fastRows, prepared, readFromDerived } from '../../db/prepared.ts';
import {
  auditLog,
  cardRefunds,
  geekLogins,
  geekStats,
  geeks,
  ledgerEntries,
  ledgerTransactions,
  opsQueueCounts,
  opsQueueDeadlineHours,
  orderMessages,
  orderNotes,
  orders,
  orderTransitions,
  payments,
  users,
} from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import { sessionStillValid, staffSessionIsValid } from '../users/index.ts';

/** The demo autopilot's service account (decision 022): a staff row that is nobody's log-in. */
export const AUTOPILOT_EMAIL = 'autopilot@geekly.invalid';

/** Every Geek, by public name, with how many tasks each is working on now (their load, kept: decision 056). */
export async function listGeeks(db: Db) {
  return db
    .select({
      id: geeks.id,
      publicFullName: geeks.publicFullName,
      major: geeks.major,
      publicSubjects: geeks.publicSubjects,
      isDisabled: geeks.isDisabled,
      isTop: geeks.isTop,
      available: geeks.available,
      loginEmail: geekLogins.email,
      load: sql<number>`coalesce(${geekStats.load}, 0)`.mapWith(Number),
    })
    .from(geeks)
    .leftJoin(geekLogins, eq(geekLogins.geekId, geeks.id))
    .leftJoin(geekStats, eq(geekStats.geekId, geeks.id))
    .orderBy(asc(geeks.publicFullName));
}

export async function findGeek(db: Db, geekId: string) {
  if (!isUuid(geekId)) return undefined;
  const [geek] = await db.select().from(geeks).where(eq(geeks.id, geekId));
  return geek;
}

/** A password reset (npm run staff:create) also enables a disabled account: it is how access is given back. */
export async function resetStaffPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  tokenVersion: number,
  staffRole?: 'admin' | 'support',
) {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion, staffDisabledAt: null, ...(staffRole ? { staffRole } : {}) })
    .where(eq(users.id, userId));
}

const staffColumns = {
  id: users.id,
  email: users.email,
  staffRole: users.staffRole,
  staffDisabledAt: users.staffDisabledAt,
  createdAt: users.createdAt,
};
// The autopilot's service account is nobody's log-in (decision 022): it is not staff to manage.
const isManagedStaff = () => and(eq(users.role, 'staff'), ne(users.email, AUTOPILOT_EMAIL));

/**
 * Locks the staff accounts among `ids` (one admin changing another: both rows, in id order, so two admins
 * changing each other wait for one another rather than deadlock) and answers them.
 */
export async function lockStaffAccounts(db: Db, ids: string[]) {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select(staffColumns)
    .from(users)
    .where(and(inArray(users.id, valid), isManagedStaff()))
    .orderBy(asc(users.id))
    .for('update');
}

/**
 * Changes a staff account's role or access; `revoke` also moves its token version, which ends every session and
 * event stream it has (decision 027: the users_session_revoked trigger publishes it).
 */
export async function updateStaffAccount(
  db: Db,
  userId: string,
  patch: { staffRole?: 'admin' | 'support'; staffDisabledAt?: Date | null },
  revoke: boolean,
) {
  const [row] = await db
    .update(users)
    .set({ ...patch, ...(revoke ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.id, userId))
    .returning(staffColumns);
  if (!row) throw new Error(`staff account ${userId} vanished`);
  return row;
}

export async function insertStaffUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('staff account not created');
  return row;
}

export async function listStaff(db: Db) {
  return db.select(staffColumns).from(users).where(isManagedStaff()).orderBy(asc(users.email));
}

// ——— the queue ———

/**
 * The queue's groups in SQL, each exactly the tasks the domain's queueGroup puts in it (the first that applies
 * wins, so each group excludes the ones before it). Each group is read on its own, in deadline order, through a
 * partial index of its own (migration 0041, decision 056): a group is never cut short by another group's tasks.
 * The constants are written into the text so the planner can match the partial indexes' predicates.
 */
const notRemoved = sql`${orders.clientRemove} = false`;
const isRefund = sql`${orders.systemClientStatus} = 'Refund Requested'`;
// Decision 048: a Geek's delivery waiting for the quality check (the second group, after refunds).
const isCheck = sql`${orders.tags} @> '["quality_check"]'::jsonb`;
const isRevision = sql`(${orders.systemClientStatus} = 'Revision Requested' or ${orders.clientStatus} = 'On revision')`;
// isLookingForGeek and not unpaid (paymentState reads the paid amount, kept on the task: decision 025).
const isLookingAndPaid = sql`${orders.paidCents} > 0 and ${orders.systemClientStatus} in ('Paid', 'Refund Declined')
  and (${orders.systemClientStatus} = 'Paid' or ${orders.clientStatus} = 'Nerd found' or ${orders.geekId} is null)`;
const hasInstructionsChecked = sql`${orders.tags} @> '["instr_ok"]'::jsonb`;
const isInProgress = sql`${orders.systemClientStatus} = 'In Progress'`;
const hasUnreadClientMessages = sql`${orders.unreadClientMessages} > 0`;

/** The "deadline close" limit: a time, or the placeholder of a prepared statement. */
type DeadlineBefore = Date | Placeholder;
const deadlineValue = (d: DeadlineBefore) => (d instanceof Date ? d.toISOString() : d);

function groupCondition(group: QueueGroup, deadlineBefore: DeadlineBefore): SQL {
  const deadlineClose = sql`${isInProgress} and ${orders.deadline} < ${deadlineValue(deadlineBefore)}`;
  // The groups before this one that a task of its own could also be in (the others its status rules out: a task
  // 'In Progress' or 'Paid' is neither a refund request nor 'Revision Requested'). Fewer conditions than the
  // whole list, and only on the columns its index holds, so a group is read from its index alone.
  // A delivery held for the quality check is a task in progress or on revision; the groups such a task could
  // also be in leave it to 'check' (so do the paid tasks' groups, should a tag outlive its delivery: the kept
  // counts, migration 0055, follow the domain's order exactly).
  const before = {
    refund: [],
    check: [isRefund],
    revision: [isRefund, isCheck],
    instructions: [onRevision, isCheck],
    assign: [onRevision, isCheck],
    deadline: beforeDeadline,
    messages: [isRefund, isCheck, isRevision, sql`(${isLookingAndPaid})`, sql`(${deadlineClose})`],
  }[group];
  const own = {
    refund: isRefund,
    check: isCheck,
    revision: isRevision,
    instructions: sql`${isLookingAndPaid} and not ${hasInstructionsChecked}`,
    assign: sql`${isLookingAndPaid} and ${hasInstructionsChecked}`,
    deadline: deadlineClose,
    messages: hasUnreadClientMessages,
  }[group];
  return sql.join([notRemoved, own, ...notAny(before)], sql` and `);
}

const onRevision = sql`${orders.clientStatus} = 'On revision'`;
/** The groups before 'deadline' that a task in progress can be in. */
const beforeDeadline = [onRevision, isCheck];
const notAny = (conditions: SQL[]) => conditions.map((c) => sql`not coalesce(${c}, false)`);

/**
 * The queue moves with the clock only where a task in progress comes within 24 hours of its deadline (it enters
 * 'deadline' and leaves 'messages'). A page read with `deadlineBefore` stays true, data unchanged, until the clock
 * reaches the first deadline not yet in 'deadline': that deadline in ms since 1970 (floored), null when none. Read
 * from the deadline group's index (its conditions are the index's predicate).
 */
function nextDeadlineEntering(deadlineBefore: DeadlineBefore) {
  const conditions = [
    notRemoved,
    isInProgress,
    sql`${orders.deadline} >= ${deadlineValue(deadlineBefore)}`,
    ...notAny(beforeDeadline),
  ];
  return sql<number | null>`(select floor(extract(epoch from min(${orders.deadline})) * 1000)::float8
    from ${orders} where ${sql.join(conditions, sql` and `)})`;
}

/**
 * The snapshot the statement reads in (`pg_current_snapshot()`: its oldest running transaction, the next one, and
 * those running between): two statements with the same snapshot saw exactly the same committed data.
 */
const statementSnapshot = sql<string>`(select pg_current_snapshot()::text)`;

type QueueQuery = {
  q?: string | undefined;
  status?: string | undefined;
  /** Every task matching the search, needed or not. */
  all: boolean;
  /** One group; the whole queue (every group) without. */
  group?: QueueGroup | undefined;
  deadlineBefore: Date;
  limit: number;
  /** One group's next page: the tasks after this one in (deadline, id) order. */
  after?: string | undefined;
};

/** The search and the status filter, on `orders` alone (the client's e-mail through a subquery). */
function queueFilters(query: QueueQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(sql`${orders.systemClientStatus} = ${query.status}`);
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
    // Each way of matching reads its own index (the number's, the title's and the e-mail's trigrams): one OR
    // over them would read every task in deadline order until enough matched.
    const matches = [
      number === null ? undefined : sql`select o.id from ${orders} o where o.number = ${number}`,
      sql`select o.id from ${orders} o where o.title ilike ${pattern}`,
      sql`select o.id from ${orders} o where o.user_id in (${studentsByEmail(q, pattern)})`,
    ].filter((m) => m !== undefined);
    filters.push(sql`${orders.id} in (${sql.join(matches, sql` union `)})`);
  }
  return filters;
}

/**
 * The students whose e-mail holds `q` (`pattern`: `%q%`, escaped). An address holds one '@': a text with its '@'
 * and something before it is in an address exactly when the address's local part ends with what comes before the
 * '@' and its domain starts with what follows. That end is read from `users_email_local_reversed_idx` (the local
 * part reversed, a prefix in a btree): the trigrams of a text like "student2@bench.example" are shared by every
 * address of that shape, and the trigram index read them all (decision 056, ninth pass). Any other text is
 * matched by its trigrams.
 */
function studentsByEmail(q: string, pattern: string): SQL {
  const at = q.indexOf('@');
  if (at <= 0 || q.includes('@', at + 1))
    return sql`select u.id from ${users} u where u.email ilike ${pattern}`;
  const prefix = (value: SQL) =>
    sql`replace(replace(replace(${value}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  return sql`select u.id from ${users} u
    where reverse(lower(split_part(u.email, '@', 1))) like ${prefix(sql`reverse(lower(${q.slice(0, at)}::text))`)}
      and lower(split_part(u.email, '@', 2)) like ${prefix(sql`lower(${q.slice(at + 1)}::text)`)}`;
}

/** A page of the queue as every member of staff sees it: no search, no filter, not `all` (decision 069). */
export const isSharedQueueQuery = (query: QueueQuery) => !query.all && queueFilters(query).length === 0;

/**
 * The ids of the queue page, soonest deadline first: each wanted group read on its own (its own `limit` soonest),
 * then merged, so no group's tasks are pushed out by another's before grouping. The queue (one group or all of
 * them) is keyset-paged in (deadline, id) order: the page after a task starts after its deadline and id (each
 * group's index holds the deadline and the id; the row comparison reads it from the cursor's deadline).
 */
function queuePageIds(query: QueueQuery, deadlineBefore: DeadlineBefore, after?: string | Placeholder): SQL {
  const filters = queueFilters(query);
  const limit = sql.raw(String(query.limit));
  if (query.all) {
    return sql`select ${orders.id} from ${orders} where ${sql.join([notRemoved, ...filters], sql` and `)}
      order by ${orders.deadline} limit ${limit}`;
  }
  const keyset = keysetAfter(after);
  const groupIds = (group: QueueGroup, withDeadline: boolean) =>
    sql`select ${orders.id}${withDeadline ? sql`, ${orders.deadline}` : sql``} from ${orders}
      where ${sql.join([groupCondition(group, deadlineBefore), ...filters, ...keyset], sql` and `)}
      order by ${orders.deadline}, ${orders.id} limit ${limit}`;
  if (query.group) return groupIds(query.group, false);
  const parts = QUEUE_GROUPS.map((g) => sql`(${groupIds(g.id, true)})`);
  return sql`select page.id from (${sql.join(parts, sql` union all `)}) page
    order by page.deadline, page.id limit ${limit}`;
}

/**
 * The whole queue's candidates for a page of `limit` (after `after`): each group's first `limit` read apart from its
 * index in (deadline, id) order, with the columns the queue's page reads (queueRowColumns, and the student's id).
 */
function wholeQueueRows(limit: number, deadlineBefore: DeadlineBefore, after?: Placeholder): SQL {
  const columns = sql.join(
    [...Object.values(queueRowColumns.order), orders.userId, orders.paidCents, orders.unreadClientMessages],
    sql`, `,
  );
  const parts = QUEUE_GROUPS.map(
    (g) => sql`(select ${columns} from ${orders}
      where ${sql.join([groupCondition(g.id, deadlineBefore), ...keysetAfter(after)], sql` and `)}
      order by ${orders.deadline}, ${orders.id} limit ${constantLimit(limit)})`,
  );
  return sql.join(parts, sql` union all `);
}

/** The queue's tasks after `after` in (deadline, id) order, read from a group's index from the cursor's deadline. */
const keysetAfter = (after: string | Placeholder | undefined): SQL[] =>
  after === undefined
    ? []
    : [
        sql`(${orders.deadline}, ${orders.id}) > (select c.deadline, c.id from ${orders} c where c.id = ${after})`,
      ];

function queueRowsSelect(
  db: Db,
  query: QueueQuery,
  deadlineBefore: DeadlineBefore,
  after?: string | Placeholder,
) {
  return db
    .select(queueRowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, sql`(${queuePageIds(query, deadlineBefore, after)})`))
    .orderBy(asc(orders.deadline), asc(orders.id));
}

const queueRowColumns = {
  // What each row shows and what the domain's queueGroup reads (QueueGroupInput), no other column: each one more
  // is decoded and sent for every row of every page (issue 36).
  order: {
    priceCents: orders.priceCents,
    systemClientStatus: orders.systemClientStatus,
    clientStatus: orders.clientStatus,
    tags: orders.tags,
    deadline: orders.deadline,
    geekId: orders.geekId,
    id: orders.id,
    number: orders.number,
    title: orders.title,
    subject: orders.subject,
  },
  clientEmail: users.email,
  paidCents: orders.paidCents,
  unread: orders.unreadClientMessages,
  // A subquery rather than an outer join, so the prepared page maps its rows with fastRows.
  geekName: sql<
    string | null
  >`(select ${geeks.publicFullName} from ${geeks} where ${geeks.id} = ${orders.geekId})`,
};

export type QueueRow = Pick<
  Awaited<ReturnType<typeof queueRowsSelect>>[number],
  keyof typeof queueRowColumns
>;

/** The staff session a queue read checks in its own statement (decision 025's pattern): its user and token version. */
export type StaffSession = { userId: string; tokenVersion: number };

/**
 * What an unfiltered page was read against: the statement's snapshot, and the first deadline (ms since 1970) at
 * which the clock changes it (null: none). The same page is true for a later statement with the same snapshot
 * while `deadlineBefore` has not passed that deadline (decision 069).
 */
export type QueuePageState = { snapshot: string; nextDeadlineMs: number | null };

export type QueuePage = {
  rows: QueueRow[];
  counts: Record<QueueGroup, number>;
  /** Without a search, filter or `all`. */
  state?: QueuePageState;
};

/**
 * The queue page (its rows and every group's count), or null when the staff session is no longer valid.
 *
 * Without a search, filter or `all`, one statement prepared once a group (its text is the same on every call):
 * the page's rows, each carrying the kept counts and read only while the session is valid, all of them
 * subqueries PostgreSQL evaluates once per statement (decision 025's pattern; issue 36: a statement fewer is a
 * round trip and a wake-up of the server fewer). Planning the union of the groups' reads cost more than running
 * it, and `dbs.pages` plans it once (decision 056). An empty page asks for the counts and the session apart. A
 * search or a filter is built per call, on `dbs.searches`: its rows, its counts and the session, side by side.
 */
export async function queuePage(
  dbs: { pages: Db; searches: Db },
  query: QueueQuery,
  session: StaffSession,
): Promise<QueuePage | null> {
  if (!isUuid(session.userId)) return null;
  const db = dbs.pages;
  const after = query.all ? undefined : query.after;
  if (!isSharedQueueQuery(query)) {
    // Built per call, and planned for its values (a pattern's trigrams decide the plan): the searches' pool.
    const search = dbs.searches;
    const [rows, counts, valid] = await Promise.all([
      queueRowsSelect(search, query, query.deadlineBefore, after),
      countQueueGroups(search, query),
      sessionStillValid(search, staffSessionIsValid(session.userId, session.tokenVersion)),
    ]);
    return valid ? { rows, counts } : null;
  }
  const name = `ops_queue_page_${query.group ?? 'whole'}_${query.limit}${after === undefined ? '' : '_after'}`;
  const statement = prepared(db, name, () => {
    const deadlineBefore = sql.placeholder('deadlineBefore');
    const cursor = after === undefined ? undefined : sql.placeholder('after');
    // One group's page is read straight from its index. The whole queue is each group's page, merged in order:
    // the rows themselves, named as the table so that the columns below read them (PostgreSQL merges the groups'
    // indexes and fetches only the rows the page takes; ids first, then each task again, cost a quarter more).
    const whole = sql`(${wholeQueueRows(query.limit, deadlineBefore, cursor)}) as ${orders}`;
    const session = staffSessionIsValid(sql.placeholder('userId'), sql.placeholder('tokenVersion'));
    const fields = {
      ...queueRowColumns,
      kept: keptCounts(),
      snapshot: statementSnapshot,
      nextDeadlineMs: nextDeadlineEntering(deadlineBefore),
    };
    const select = db
      .select(query.group ? fields : readFromDerived(fields))
      .from(query.group ? orders : whole)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        query.group
          ? and(groupCondition(query.group, deadlineBefore), ...keysetAfter(cursor), session)
          : session,
      )
      .orderBy(asc(orders.deadline), asc(orders.id))
      .limit(constantLimit(query.limit));
    return fastRows(select.prepare(name));
  });
  const rows = await statement.execute({
    ...keptCountParams(query.deadlineBefore),
    userId: session.userId,
    tokenVersion: session.tokenVersion,
    ...(after === undefined ? {} : { after }),
  });
  const first = rows[0];
  if (first) {
    const state = { snapshot: first.snapshot, nextDeadlineMs: first.nextDeadlineMs };
    return { rows, counts: countsFromKept(first.kept), state };
  }
  return emptyQueuePage(db, query.deadlineBefore, session);
}

/** A page without rows: the session, the counts and what they were read against, in one statement. */
async function emptyQueuePage(
  db: Db,
  deadlineBefore: Date,
  session: StaffSession,
): Promise<QueuePage | null> {
  const statement = prepared(db, 'ops_queue_empty_page', () =>
    fastRows(
      db
        .select({
          valid: staffSessionIsValid(sql.placeholder('userId'), sql.placeholder('tokenVersion')),
          kept: keptCounts(),
          snapshot: statementSnapshot,
          nextDeadlineMs: nextDeadlineEntering(sql.placeholder('deadlineBefore')),
        })
        .from(sql`(values (1)) as one`)
        .prepare('ops_queue_empty_page'),
    ),
  );
  const [row] = await statement.execute({
    ...keptCountParams(deadlineBefore),
    userId: session.userId,
    tokenVersion: session.tokenVersion,
  });
  if (!row?.valid) return null;
  const state = { snapshot: row.snapshot, nextDeadlineMs: row.nextDeadlineMs };
  return { rows: [], counts: countsFromKept(row.kept), state };
}

/**
 * A staff session's check and the snapshot it was read in, in one statement: a page kept from a statement of the
 * same snapshot is still the page (decision 069). Null when the session is no longer valid.
 */
export async function queueSnapshot(db: Db, session: StaffSession): Promise<string | null> {
  if (!isUuid(session.userId)) return null;
  const statement = prepared(db, 'ops_queue_snapshot', () =>
    fastRows(
      db
        .select({
          valid: staffSessionIsValid(sql.placeholder('userId'), sql.placeholder('tokenVersion')),
          snapshot: sql<string>`pg_current_snapshot()::text`,
        })
        .from(sql`(values (1)) as one`)
        .prepare('ops_queue_snapshot'),
    ),
  );
  const [row] = await statement.execute({ userId: session.userId, tokenVersion: session.tokenVersion });
  return row?.valid ? row.snapshot : null;
}

const firstRow = <T>(result: unknown): T => {
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
  const row = rows[0];
  if (!row) throw new Error('queue counts: no row');
  return row;
};

/**
 * Each group's tasks counted (with the search and status filter), in one statement. A search's matches are found
 * once and each counted in the group whose condition it meets (the groups' conditions leave each other's tasks
 * out, so a task counts once, as in the per-group form): at a million tasks, finding them again for each group
 * was 40 ms of the search's 80. A status filter alone, which can match most tasks, counts each group from its own
 * index instead.
 */
export async function countQueueGroups(db: Db, query: QueueQuery): Promise<Record<QueueGroup, number>> {
  const filters = queueFilters(query);
  if (query.q?.trim()) {
    const counts = QUEUE_GROUPS.map(
      (g) =>
        sql`(count(*) filter (where ${groupCondition(g.id, query.deadlineBefore)}))::int as ${sql.identifier(g.id)}`,
    );
    return firstRow(
      await db.execute(
        sql`select ${sql.join(counts, sql`, `)} from ${orders} where ${sql.join(filters, sql` and `)}`,
      ),
    );
  }
  const columns = QUEUE_GROUPS.map(
    (g) => sql`(select count(*)::int from ${orders}
      where ${sql.join([groupCondition(g.id, query.deadlineBefore), ...filters], sql` and `)}) as ${sql.identifier(g.id)}`,
  );
  return firstRow(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
}

const HOUR_MS = 3_600_000;

/** The groups kept in slots (`ops_queue_counts`), and every kept figure `keptCounts` answers, in its array's order. */
const SLOT_GROUPS = ['check', 'instructions', 'assign', 'revision', 'refund', 'messages'] as const;
const KEPT_FIGURES = [
  ...SLOT_GROUPS,
  'dueBefore',
  'unreadDueBefore',
  'dueThisHour',
  'unreadDueThisHour',
] as const;
type KeptCounts = Record<(typeof KEPT_FIGURES)[number], number>;

/**
 * What each group's count is made of, from what migration 0055's trigger keeps, as `countQueueGroups` would count
 * it without a filter (`countsFromKept` adds them up): one subquery PostgreSQL evaluates once per statement, as a
 * JSON array of KEPT_FIGURES in their order. One column rather than ten: the queue's page carries it in every row
 * (issue 36), and only the first row's is read. Three reads, each answering its part of the array: the groups the
 * clock does not move are sums of their slots; 'deadline' takes a task in progress 24 hours before its deadline,
 * from 'messages' when it has unread messages: the hours before `deadlineBefore`'s own hour are summed from their
 * kept rows, and that hour's tasks (an hour's deadlines) are counted from the deadline group's index (migration
 * 0060). Placeholders: `deadlineBefore`, `hour` and `hourStart` (`keptCountParams`).
 */
function keptCounts() {
  const sumOf = (table: typeof opsQueueCounts | typeof opsQueueDeadlineHours, group: QueueGroup) =>
    sql`coalesce(sum(${table.n}) filter (where ${table.queueGroup} = ${constant(group)}), 0)`;
  const array = (values: SQL[]) => sql`jsonb_build_array(${sql.join(values, sql`, `)}) as figures`;
  return sql<string>`(select (slots.figures || hours.figures || this_hour.figures)::text
    from (select ${array(SLOT_GROUPS.map((g) => sumOf(opsQueueCounts, g)))} from ${opsQueueCounts}) slots,
      (select ${array([sumOf(opsQueueDeadlineHours, 'deadline'), sumOf(opsQueueDeadlineHours, 'messages')])}
        from ${opsQueueDeadlineHours} where ${opsQueueDeadlineHours.hour} < ${sql.placeholder('hour')}) hours,
      (select ${array([sql`count(*)`, sql`count(*) filter (where ${orders.unreadClientMessages} > 0)`])}
        from ${orders}
        where ${groupCondition('deadline', sql.placeholder('deadlineBefore'))}
          and ${orders.deadline} >= ${sql.placeholder('hourStart')}) this_hour)`;
}

function keptCountParams(deadlineBefore: Date) {
  const hour = Math.floor(deadlineBefore.getTime() / HOUR_MS);
  return {
    hour,
    hourStart: new Date(hour * HOUR_MS).toISOString(),
    deadlineBefore: deadlineBefore.toISOString(),
  };
}

function countsFromKept(keptJson: string): Record<QueueGroup, number> {
  const values = JSON.parse(keptJson) as number[];
  if (values.length !== KEPT_FIGURES.length) throw new Error(`queue counts: ${values.length} figures`);
  const row = Object.fromEntries(KEPT_FIGURES.map((f, i) => [f, values[i]])) as KeptCounts;
  return {
    check: row.check,
    instructions: row.instructions,
    assign: row.assign,
    deadline: row.dueBefore + row.dueThisHour,
    revision: row.revision,
    refund: row.refund,
    messages: row.messages - row.unreadDueBefore - row.unreadDueThisHour,
  };
}

/** Each group's count from what migration 0055's trigger keeps, in one prepared statement (`keptCounts`). */
export async function keptQueueCounts(db: Db, deadlineBefore: Date): Promise<Record<QueueGroup, number>> {
  const statement = prepared(db, 'ops_queue_kept_counts', () =>
    fastRows(
      db.select({ kept: keptCounts() }).from(sql`(values (1)) as one`).prepare('ops_queue_kept_counts'),
    ),
  );
  const [row] = await statement.execute(keptCountParams(deadlineBefore));
  if (!row) throw new Error('queue counts: no row');
  return countsFromKept(row.kept);
}

// ——— the task page ———

export async function findClient(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      country: users.country,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The task's ledger: every transaction naming it, with the amount that moved on the task's own account. */
export async function orderLedger(db: Db, orderId: string) {
  return db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      createdAt: ledgerTransactions.createdAt,
      orderCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.accountType} = 'order'), 0)`,
      entries: sql<{ account_type: string; amount_cents: number }[]>`json_agg(json_build_object(
        'account_type', ${ledgerEntries.accountType}, 'amount_cents', ${ledgerEntries.amountCents})
        order by ${ledgerEntries.seq})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.orderId, orderId))
    .groupBy(ledgerTransactions.id)
    .orderBy(asc(ledgerTransactions.createdAt));
}

export async function orderPayments(db: Db, orderId: string) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

export async function orderCardRefunds(db: Db, orderId: string) {
  return db
    .select()
    .from(cardRefunds)
    .where(eq(cardRefunds.orderId, orderId))
    .orderBy(asc(cardRefunds.createdAt));
}

export async function insertNote(db: Db, values: typeof orderNotes.$inferInsert) {
  const [row] = await db.insert(orderNotes).values(values).returning();
  if (!row) throw new Error('note not inserted');
  return row;
}

export async function listNotes(db: Db, orderId: string) {
  return db
    .select({
      id: orderNotes.id,
      body: orderNotes.body,
      createdAt: orderNotes.createdAt,
      authorEmail: users.email,
    })
    .from(orderNotes)
    .innerJoin(users, eq(users.id, orderNotes.authorId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt));
}

export async function orderTransitionLog(db: Db, orderId: string) {
  return db
    .select({
      id: orderTransitions.id,
      name: orderTransitions.name,
      actor: orderTransitions.actor,
      actorEmail: users.email,
      fromStatus: orderTransitions.fromStatus,
      toStatus: orderTransitions.toStatus,
      createdAt: orderTransitions.createdAt,
    })
    .from(orderTransitions)
    .leftJoin(users, eq(users.id, orderTransitions.actorId))
    .where(eq(orderTransitions.orderId, orderId))
    .orderBy(asc(orderTransitions.createdAt));
}

export async function orderMessageLog(db: Db, orderId: string) {
  return db
    .select({
      id: orderMessages.id,
      senderRole: orderMessages.senderRole,
      message: orderMessages.message,
      createdAt: orderMessages.createdAt,
    })
    .from(orderMessages)
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.createdAt));
}

/**
 * Audit rows, newest first, with the acting staff account's role; `before` (a row's id) pages on: the rows after
 * it in that order. A `before` that names no row gives none. `workedOnBy` (a staff id) keeps only that account's
 * own rows and the rows of the tasks it acted on (decision 052: what a support account sees of the whole log).
 */
export async function auditRows(
  db: Db,
  filter: {
    orderId?: string | undefined;
    before?: string | undefined;
    limit: number;
    workedOnBy?: string | undefined;
  },
) {
  const worker = filter.workedOnBy;
  return db
    .select({ ...getTableColumns(auditLog), actorRole: users.staffRole })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        filter.orderId ? eq(auditLog.orderId, filter.orderId) : undefined,
        worker
          ? or(
              eq(auditLog.actorId, worker),
              sql`${auditLog.orderId} in (select w.order_id from ${auditLog} w
                where w.actor_id = ${worker} and w.order_id is not null)`,
            )
          : undefined,
        filter.before
          ? sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from ${auditLog} a where a.id = ${filter.before})`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit);
}

/** Decision 029: one staff account's money actions run one at a time (a transaction-scoped advisory lock). */
export async function lockStaffMoney(db: Db, staffId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-money:${staffId}`}, 0))`);
}

/** The money (cents) a staff account's audited actions gave clients since `since` (decision 029). */
export async function staffMoneySinceCents(db: Db, staffId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${auditLog.amountCents}), 0)` })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, staffId), gt(auditLog.at, since)));
  return Number(row?.total ?? 0);
}
