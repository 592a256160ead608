import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type Order = OrderView;

export const getOrder = (id: string) => api<Order>(`/orders/${encodeURIComponent(id)}`);

// An unpaid task's price follows the clock (decision 007), so a task page fetches it again when it opens,
// unlike the rest of the cache, which never refetches (docs/product/tasks-and-pricing.md).
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: () => getOrder(id),
    refetchOnMount: 'always',
    // The task pages send a missing or deleted task to the list (docs/product/tasks-and-pricing.md), not to /page-not-found.
    meta: { handledStatuses: [404] },
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
