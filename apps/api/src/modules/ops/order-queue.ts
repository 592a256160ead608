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
};

const QUEUE_LIMIT = 200;

/**
 * GET /ops/orders: the tasks that need staff, each with the group of what it needs (the domain's queueGroup),
 * soonest deadline first, and how many tasks each group holds; with `all`, every task matching the search,
 * needed or not. Each group is read apart in SQL (ops.repository.ts), so a group shows its tasks however many
 * tasks other groups hold; the domain's queueGroup still names each row's group.
 */
export async function operatorQueue(ctx: AppContext, filter: QueueFilter) {
  const now = ctx.now();
  const query = {
    q: filter.q,
    status: filter.status,
    all: filter.all === true,
    group: filter.all ? undefined : filter.group,
    deadlineBefore: new Date(now.getTime() + DEADLINE_CLOSE_MS),
    limit: QUEUE_LIMIT,
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
  return { results: needed.filter((r) => !filter.group || r.group === filter.group), counts };
}
