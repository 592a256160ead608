import { type OrderListQuery, STATUS_FILTER_STATUSES } from '@geekly/domain/orders/order-list-filters.ts';
import type { TransitionActor } from '@geekly/domain/orders/order-machine.ts';
import {
  and,
  count,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  not,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { constant, constantLimit, constants, fastRows, prepared } from '../../db/prepared.ts';
import type { OrderRow } from '../../db/rows.ts';
import {
  clientGeeks,
  geeks,
  orderClientTokens,
  orderFiles,
  orderListCounts,
  orderMessages,
  orders,
  orderTransitions,
} from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionClaims } from '../auth/session-token.ts';
import {
  type SubscriptionJson,
  subscriptionsFromJson,
  userSubscriptionsJson,
} from '../subscriptions/index.ts';
import { clientSessionIsValid, sessionStillValid } from '../users/index.ts';

export type { OrderRow };
export type NewOrderRow = typeof orders.$inferInsert;

// Lives in lib/uuid.ts (the subscriptions repository needs it too, without importing this module).
export { isUuid };

export async function insertOrder(db: Db, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export async function findOrderIdByClientToken(db: Db, userId: string, clientToken: string) {
  const [row] = await db
    .select({ orderId: orderClientTokens.orderId })
    .from(orderClientTokens)
    .where(and(eq(orderClientTokens.userId, userId), eq(orderClientTokens.clientToken, clientToken)));
  return row?.orderId;
}

/** False when the user already has a task with this toid (the insert waits for a concurrent one to settle). */
export async function claimClientToken(db: Db, values: typeof orderClientTokens.$inferInsert) {
  const rows = await db.insert(orderClientTokens).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Scoped by owner: another user's order is indistinguishable from a missing one. */
export async function findUserOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

/**
 * Locks the order's row until the transaction ends, so transitions of one order run one at a time.
 * `userId` scopes it to its owner (client calls); operators pass null.
 */
export async function lockOrder(
  db: Db,
  orderId: string,
  userId: string | null,
): Promise<OrderRow | undefined> {
  if (!isUuid(orderId)) return undefined;
  const where = userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId);
  const [row] = await db.select().from(orders).where(where).for('update');
  return row;
}

export async function writeOrderRow(db: Db, id: string, values: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

type ListFilters = Pick<OrderListQuery, 'payment' | 'status'>;
/** A value, or a placeholder of a prepared statement. */
type Param = string | Placeholder;

/**
 * What the task's ledger account holds: the paid amount, as paymentState reads it (docs/product/statuses-and-state-machine.md "Payment"), kept
 * on the task by a trigger on the ledger (decision 025).
 */
const PAYMENT_WHERE: Record<Exclude<ListFilters['payment'], 'all'>, SQL> = {
  unpaid: sql`${orders.paidCents} <= 0`,
  partial: sql`${orders.paidCents} > 0 and (${orders.priceCents} is null or ${orders.paidCents} < ${orders.priceCents})`,
  full: sql`${orders.paidCents} > 0 and ${orders.paidCents} >= ${orders.priceCents}`,
};

/**
 * The task list's where clause: the owner's tasks, without the ones the client deleted (docs/product/tasks-and-pricing.md: a deleted
 * task sends the user to /orders), narrowed by the list's filters.
 */
function orderListWhere(userId: Param, filters: ListFilters) {
  return and(
    eq(orders.userId, userId),
    sql`${orders.clientRemove} = ${constant(false)}`,
    sql`${orders.systemClientStatus} <> ${constant('Deleted')}`,
    filters.payment === 'all' ? undefined : PAYMENT_WHERE[filters.payment],
    filters.status === 'all'
      ? undefined
      : sql`${orders.systemClientStatus} in (${constants(STATUS_FILTER_STATUSES[filters.status])})`,
  );
}

/**
 * What a view of a client's tasks reads besides the row (which carries its paid amount and message count:
 * decision 025), as columns of the statement that reads the rows: the client's subscriptions and Geeks (the
 * same on every row; PostgreSQL computes them once).
 */
function viewColumns(db: Db, userId: Param) {
  return {
    order: getTableColumns(orders),
    // Messages to the client still unread (issue 34): the count kept on the task by a trigger (decision 056).
    unreadMessages: orders.unreadForClient,
    subscriptions: sql<SubscriptionJson[]>`${userSubscriptionsJson(userId)}`,
    preferredGeekIds: sql<string[]>`(select coalesce(json_agg(g.id), '[]'::json)
      from (${preferredGeeksQuery(db, userId)}) g)`,
  };
}

type ViewRow = {
  order: OrderRow;
  unreadMessages: number;
  subscriptions: SubscriptionJson[];
  preferredGeekIds: string[];
};

function toViewInputs(row: ViewRow) {
  return {
    order: row.order,
    paidCents: row.order.paidCents,
    messagesCount: row.order.messagesCount,
    unreadMessages: Number(row.unreadMessages),
  };
}

/** What the client's views share, read once from the first row of the statement. */
function sharedInputs(row: ViewRow) {
  return {
    subscriptions: subscriptionsFromJson(row.subscriptions),
    preferredGeekIds: row.preferredGeekIds,
  };
}

export type OrderViewInputs = ReturnType<typeof toViewInputs>;
export type SharedViewInputs = ReturnType<typeof sharedInputs>;

/**
 * The list's order, as orders_user_list_idx holds it (DESC NULLS LAST; both columns are never null): a plain DESC
 * is NULLS FIRST, which the index cannot give, so PostgreSQL sorted every row of the client's (decision 056).
 */
const LIST_ORDER = [sql`${orders.createdAt} desc nulls last`, sql`${orders.number} desc nulls last`];

/**
 * A page of the client's list, narrowed by the list's filters, in one statement that also checks the session
 * (decision 025): the rows with what their views read (viewColumns) and the total. An empty page (past the end,
 * or a session no longer valid) asks for the session, then the total. `undefined`: not the client's session.
 */
export async function listUserOrderPage(
  db: Db,
  session: SessionClaims,
  page: { offset: number; limit: number },
  filters: ListFilters = { payment: 'all', status: 'all' },
) {
  if (!isUuid(session.userId)) return undefined;
  // The page size is written into the statement, and so is the first page's offset: with both known,
  // PostgreSQL plans the first page once per connection (a generic plan); later pages pass their offset.
  const later = page.offset > 0;
  const name = `order_list_${filters.payment}_${filters.status}_${page.limit}${later ? '_later' : ''}`;
  const statement = prepared(db, name, () => {
    const user = sql.placeholder('userId');
    // A later page finds its rows' numbers first, from the list's index alone (orders_user_list_idx holds the
    // order and the number), then reads those rows: an offset of thousands skips index entries, not whole rows
    // (decision 056; the 5,000-task student's last pages).
    const laterNumbers = db
      .select({ number: orders.number })
      .from(orders)
      .where(orderListWhere(user, filters))
      .orderBy(...LIST_ORDER)
      .limit(constantLimit(page.limit))
      .offset(sql.placeholder('offset'));
    const query = db
      .select({ ...viewColumns(db, user), total: sql<string>`(${listTotalQuery(db, user, filters)})` })
      .from(orders)
      .where(
        and(
          orderListWhere(user, filters),
          later ? inArray(orders.number, laterNumbers) : undefined,
          clientSessionIsValid(user, sql.placeholder('tokenVersion')),
        ),
      )
      .orderBy(...LIST_ORDER)
      .limit(constantLimit(page.limit));
    return fastRows(query.prepare(name));
  });
  const rows = await statement.execute({
    userId: session.userId,
    tokenVersion: session.tokenVersion,
    offset: page.offset,
  });
  const first = rows[0];
  if (!first) {
    if (!(await clientSessionStillValid(db, session))) return undefined;
    const [empty] = await listTotalQuery(db, session.userId, filters);
    return { rows: [], total: Number(empty?.n ?? 0), shared: undefined };
  }
  return { rows: rows.map(toViewInputs), total: Number(first.total), shared: sharedInputs(first) };
}

/**
 * The list's total: from the counters the orders trigger keeps (order_list_counts), unless the payment filter
 * narrows it (the paid amount lives in the ledger, so those rows are counted).
 */
function listTotalQuery(db: Db, userId: Param, filters: ListFilters) {
  if (filters.payment !== 'all') {
    return db.select({ n: sql<string>`count(*)` }).from(orders).where(orderListWhere(userId, filters));
  }
  return db
    .select({ n: sql<string>`coalesce(sum(${orderListCounts.n}), 0)` })
    .from(orderListCounts)
    .where(
      and(
        eq(orderListCounts.userId, userId),
        filters.status === 'all'
          ? undefined
          : sql`${orderListCounts.systemClientStatus} in (${constants(STATUS_FILTER_STATUSES[filters.status])})`,
      ),
    );
}

/**
 * One of the client's tasks with what its view reads, in one statement that also checks the session (decision
 * 025). Not found: another user's task, or a session no longer valid (`session: false`), told apart only then.
 */
export async function findUserOrderForView(db: Db, session: SessionClaims, orderId: string) {
  if (!isUuid(session.userId)) return { session: false as const };
  const valid = () => clientSessionStillValid(db, session);
  if (!isUuid(orderId)) return (await valid()) ? undefined : { session: false as const };
  const statement = prepared(db, 'order_for_view', () =>
    fastRows(
      db
        .select(viewColumns(db, sql.placeholder('userId')))
        .from(orders)
        .where(
          and(
            eq(orders.id, sql.placeholder('orderId')),
            eq(orders.userId, sql.placeholder('userId')),
            clientSessionIsValid(sql.placeholder('userId'), sql.placeholder('tokenVersion')),
          ),
        )
        .prepare('order_for_view'),
    ),
  );
  const [row] = await statement.execute({
    userId: session.userId,
    tokenVersion: session.tokenVersion,
    orderId,
  });
  if (row) return { ...toViewInputs(row), shared: sharedInputs(row), session: true as const };
  return (await valid()) ? undefined : { session: false as const };
}

const clientSessionStillValid = (db: Db, session: SessionClaims) =>
  sessionStillValid(db, clientSessionIsValid(session.userId, session.tokenVersion));

/** Each task's messages, and those to the client still unread (issue 34), in one query. */
export async function messageCounts(
  db: Db,
  orderIds: string[],
): Promise<Map<string, { total: number; unread: number }>> {
  const result = new Map<string, { total: number; unread: number }>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: orderMessages.orderId,
      n: count(),
      unread: sql<number>`(count(*) filter (where ${orderMessages.status} = 'unread' and ${orderMessages.senderRole} <> 'client'))::int`,
    })
    .from(orderMessages)
    .where(inArray(orderMessages.orderId, orderIds))
    .groupBy(orderMessages.orderId);
  for (const row of rows) result.set(row.orderId, { total: row.n, unread: Number(row.unread) });
  return result;
}

// docs/product/geeks.md "My Geeks": only Geeks from orders under review.
const UNDER_REVIEW_CLIENT_STATUSES = ['Sent', 'Revision sent', 'Revision requested', 'In progress'];

/** The Geeks a client may choose as Preferred Geek: My Geeks, so blocked ones are left out. */
export async function preferredGeekIds(db: Db, userId: string): Promise<string[]> {
  const rows = await preferredGeeksQuery(db, userId);
  return rows.map((r) => r.id);
}

function preferredGeeksQuery(db: Db, userId: Param) {
  const blocked = db
    .select({ id: clientGeeks.geekId })
    .from(clientGeeks)
    .where(and(eq(clientGeeks.userId, userId), sql`${clientGeeks.blocked} = ${constant(true)}`));
  return db
    .selectDistinct({ id: geeks.id })
    .from(orders)
    .innerJoin(geeks, eq(geeks.id, orders.geekId))
    .where(
      and(
        eq(orders.userId, userId),
        isNotNull(orders.geekId),
        sql`${orders.clientStatus} in (${constants(UNDER_REVIEW_CLIENT_STATUSES)})`,
        sql`${geeks.isDisabled} = ${constant(false)}`,
        not(inArray(geeks.id, blocked)),
      ),
    );
}

/**
 * order_transitions.actor keeps the words it has always stored, which are also the wire's (the back office's
 * timeline): a student's transition is 'client', staff's 'operator'.
 */
const STORED_TRANSITION_ACTOR = {
  student: 'client',
  staff: 'operator',
  gateway: 'gateway',
  system: 'system',
  geek: 'geek',
} as const satisfies Record<TransitionActor, (typeof orderTransitions.$inferInsert)['actor']>;

export async function insertTransitionLog(
  db: Db,
  values: Omit<typeof orderTransitions.$inferInsert, 'actor'> & { actor: TransitionActor },
) {
  await db.insert(orderTransitions).values({ ...values, actor: STORED_TRANSITION_ACTOR[values.actor] });
}

/** Any order, for the operator API (never for client calls). */
export async function findOrderById(db: Db, orderId: string): Promise<OrderRow | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** docs/product/http-api.md: a revision's files are the task's own uploads tagged client_revision_request_file, not removed. */
export async function areRevisionFiles(db: Db, orderId: string, fileIds: string[]): Promise<boolean> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return true;
  if (!ids.every(isUuid)) return false;
  const [row] = await db
    .select({ n: count() })
    .from(orderFiles)
    .where(
      and(
        eq(orderFiles.orderId, orderId),
        inArray(orderFiles.id, ids),
        eq(orderFiles.type, 'client_revision_request_file'),
        eq(orderFiles.deleted, false),
      ),
    );
  return (row?.n ?? 0) === ids.length;
}

/**
 * Tasks the acceptance clock may accept (decision 036): delivered, paid in full, with a Geek who has not
 * earned yet, and accepted by the client or delivered before `dueBefore`. The transition checks the rest under
 * the task's lock.
 */
export async function acceptanceCandidates(db: Db, dueBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`${orders.geekEarnedAt} is null`,
        isNotNull(orders.deliveredAt),
        isNotNull(orders.geekId),
        sql`${orders.paidCents} >= coalesce(${orders.priceCents}, 0) and ${orders.paidCents} > 0`,
        sql`(${orders.clientAcceptAt} is not null or ${orders.deliveredAt} <= ${dueBefore.toISOString()})`,
        not(inArray(orders.systemClientStatus, ['Refund Requested', 'Refund Accepted', 'Deleted'])),
      ),
    )
    .orderBy(orders.deliveredAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The ids of a client's tasks on one course that the task list shows (not removed, not Deleted). */
/** The caller's listed tasks on one course, whole rows (what the group's preview judges each by). */
export async function userOrdersBySubject(db: Db, userId: string, subject: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.subject, subject),
        eq(orders.clientRemove, false),
        sql`${orders.systemClientStatus} <> 'Deleted'`,
      ),
    );
}

export async function userOrderIdsBySubject(db: Db, userId: string, subject: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.subject, subject),
        eq(orders.clientRemove, false),
        sql`${orders.systemClientStatus} <> 'Deleted'`,
      ),
    )
    .orderBy(orders.createdAt);
  return rows.map((r) => r.id);
}
