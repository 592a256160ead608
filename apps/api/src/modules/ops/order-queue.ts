import { centsToDollars } from '@geekly/domain/money.ts';
import {
  DEADLINE_CLOSE_MS,
  QUEUE_PAGE,
  QUEUE_SEARCH_LIMIT,
  type QueueGroup,
  queueGroup,
} from '@geekly/domain/ops/back-office.ts';
import type { ClientStatus, SystemClientStatus } from '@geekly/domain/orders/order-status.ts';
import type { AppContext } from '../../app-context.ts';
import {
  isSharedQueueQuery,
  type QueuePage,
  queuePage,
  queueSnapshot,
  type StaffSession,
} from './ops.repository.ts';
import { type KeptPage, queuePageKey, sharedQueuePages } from './shared-queue-pages.ts';

type QueueFilter = {
  q?: string | undefined;
  group?: QueueGroup | undefined;
  status?: string | undefined;
  all?: boolean | undefined;
  /** The queue's next page: the `next` of the page before. */
  after?: string | undefined;
};

/**
 * GET /ops/orders: the tasks that need staff, each with the group of what it needs (the domain's queueGroup),
 * soonest deadline first, and how many tasks each group holds; with `all`, every task matching the search,
 * needed or not (QUEUE_SEARCH_LIMIT of them, one page). The queue, whole or one group, answers QUEUE_PAGE tasks a
 * page in (deadline, id) order, and `next` (the last task's id) asks for the following page with `after`; null on
 * the last page. Each group is read apart in SQL (ops.repository.ts), so a group shows its tasks however many
 * tasks other groups hold; the domain's queueGroup still names each row's group. The page's statement also checks
 * the staff session (the route's requireStaff checks only the token): null when the session is no longer valid.
 * The unfiltered pages, the same for all staff, are shared while the data and the clock leave them true
 * (shared-queue-pages.ts, decision 069).
 */
export async function operatorQueue(ctx: AppContext, session: StaffSession, filter: QueueFilter) {
  const now = ctx.now();
  const all = filter.all === true;
  const query = {
    q: filter.q,
    status: filter.status,
    all,
    group: all ? undefined : filter.group,
    after: all ? undefined : filter.after,
    deadlineBefore: new Date(now.getTime() + DEADLINE_CLOSE_MS),
    limit: all ? QUEUE_SEARCH_LIMIT : QUEUE_PAGE,
  };
  const { reportsDb, searchDb } = ctx.database;
  const read = async () => {
    const page = await queuePage({ pages: reportsDb, searches: searchDb }, query, session);
    return page && { page: queueAnswer(page, query, now), state: page.state };
  };
  if (!isSharedQueueQuery(query)) return (await read())?.page ?? null;

  const pages = sharedQueuePages<QueueAnswer>(reportsDb);
  const key = queuePageKey(query.group, query.after);
  const deadlineBeforeMs = query.deadlineBefore.getTime();
  let checked: string | undefined;
  if (pages.has(key)) {
    const snapshot = await queueSnapshot(reportsDb, session);
    if (snapshot === null) return null;
    const kept = pages.fresh(key, snapshot, deadlineBeforeMs);
    if (kept) return kept;
    checked = snapshot;
  }
  return pages.read(key, checked, deadlineBeforeMs, async (): Promise<KeptPage<QueueAnswer> | null> => {
    const answer = await read();
    if (!answer) return null;
    if (!answer.state) throw new Error('queue: an unfiltered page without its snapshot');
    return { page: answer.page, state: answer.state, deadlineBeforeMs };
  });
}

type QueueAnswer = ReturnType<typeof queueAnswer>;

/** The queue's answer: each row with its group (the domain's queueGroup), the counts and the next page. */
function queueAnswer(page: QueuePage, query: { all: boolean; group?: QueueGroup | undefined }, now: Date) {
  const { all } = query;
  const { rows, counts } = page;
  const needed = rows
    .map((r) => {
      const paidCents = Number(r.paidCents);
      const group = queueGroup(
        {
          system_client_status: r.order.systemClientStatus as SystemClientStatus,
          client_status: r.order.clientStatus as ClientStatus | null,
          tags: r.order.tags,
          geekId: r.order.geekId,
          paidCents,
          priceCents: r.order.priceCents,
          deadline: r.order.deadline,
        },
        r.unread,
        now,
      );
      return {
        _id: r.order.id,
        number: r.order.number,
        title: r.order.title,
        subject: r.order.subject,
        client_email: r.clientEmail,
        system_client_status: r.order.systemClientStatus,
        client_status: r.order.clientStatus,
        deadline: r.order.deadline.toISOString(),
        price: r.order.priceCents === null ? null : centsToDollars(r.order.priceCents),
        paid: centsToDollars(paidCents),
        geek_name: r.geekName,
        unread_messages: r.unread,
        group,
      };
    })
    .filter((r) => all || r.group !== null);
  // The page's last task, before the domain's check of each row's group (a row it moves to another group ends the
  // page all the same).
  const last = !all && rows.length === QUEUE_PAGE ? rows.at(-1)?.order.id : undefined;
  return {
    results: needed.filter((r) => !query.group || r.group === query.group),
    counts,
    next: last ?? null,
  };
}
