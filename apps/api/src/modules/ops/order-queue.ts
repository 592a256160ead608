import { centsToDollars } from '@geekly/domain/money.ts';
import { DEADLINE_CLOSE_MS, type QueueGroup, queueGroup } from '@geekly/domain/ops/back-office.ts';
import type { AppContext } from '../../app-context.ts';
import { statusInput } from '../orders/order-view.ts';
import { queueCounts, queueRows } from './ops.repository.ts';

type QueueFilter = {
  q?: string | undefined;
  group?: QueueGroup | undefined;
  status?: string | undefined;
  all?: boolean | undefined;
  /** One group's next page: the `next` of the page before. */
  after?: string | undefined;
};

/** The whole queue's page (every group's soonest, merged) and a search's. */
const QUEUE_LIMIT = 200;
/** One group's page, keyset-paged: the same answer at ten thousand tasks and at a million (issue 36). */
export const QUEUE_GROUP_PAGE = 50;

/**
 * GET /ops/orders: the tasks that need staff, each with the group of what it needs (the domain's queueGroup),
 * soonest deadline first, and how many tasks each group holds; with `all`, every task matching the search,
 * needed or not. One group answers QUEUE_GROUP_PAGE tasks a page in (deadline, id) order, and `next` (the last
 * task's id) asks for the following page with `after`; null on the last page and for the whole queue. Each group is read apart in SQL (ops.repository.ts), so a group shows its tasks however many
 * tasks other groups hold; the domain's queueGroup still names each row's group.
 */
export async function operatorQueue(ctx: AppContext, filter: QueueFilter) {
  const now = ctx.now();
  const group = filter.all ? undefined : filter.group;
  const query = {
    q: filter.q,
    status: filter.status,
    all: filter.all === true,
    group,
    after: group ? filter.after : undefined,
    deadlineBefore: new Date(now.getTime() + DEADLINE_CLOSE_MS),
    limit: group ? QUEUE_GROUP_PAGE : QUEUE_LIMIT,
  };
  const [rows, counts] = await Promise.all([
    queueRows(ctx.database.reportsDb, query),
    queueCounts(ctx.database.reportsDb, query),
  ]);
  const needed = rows
    .map((r) => {
      const paidCents = Number(r.paidCents);
      const group = queueGroup(statusInput(r.order, paidCents), r.unread, now);
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
    .filter((r) => filter.all || r.group !== null);
  // The page's last task, before the domain's check of each row's group (a row it moves to another group ends the
  // page all the same).
  const last = group && rows.length === QUEUE_GROUP_PAGE ? rows.at(-1)?.order.id : undefined;
  return {
    results: needed.filter((r) => !filter.group || r.group === filter.group),
    counts,
    next: last ?? null,
  };
}
