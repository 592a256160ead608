import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-call.ts';

// The task queries the task pages, the payments and the task list share: one task, and the cache keys of the lists.

/** The key every task query starts with. */
export const ORDERS_KEY = ['orders'] as const;
/** The key every page of the task list starts with (the list refreshes when a task changes). */
export const ORDER_LISTS_KEY = ['orders', 'list'] as const;

// An unpaid task's price follows the clock (decision 007), so a task page fetches it again when it opens,
// unlike the rest of the cache, which never refetches (docs/product/tasks-and-pricing.md).
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: () => apiCall(ordersContract.get, { params: { id } }),
    refetchOnMount: 'always',
    // The task pages send a missing or deleted task to the list (docs/product/tasks-and-pricing.md), not to /page-not-found.
    meta: { handledStatuses: [404] },
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));

/** The task list's first page, newest first, unfiltered: the mini order form's recent courses, the chat button's fallback task. */
const firstOrdersPageQueryOptions = queryOptions({
  queryKey: [...ORDER_LISTS_KEY, 0],
  queryFn: () => apiCall(ordersContract.list, { query: { page: 0 } }),
});

export const useFirstOrdersPage = () => useQuery(firstOrdersPageQueryOptions);

/** Stores an answered task in the cache and marks the list stale. */
export function storeOrder(queryClient: QueryClient, order: OrderView) {
  queryClient.setQueryData(orderQueryOptions(order._id).queryKey, order);
  void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_KEY });
}
