import {
  ORDERS_PAGE_SIZE,
  type PaymentFilter,
  type StatusFilter,
} from '@geekly/domain/orders/order-list-filters.ts';
import { type OrderListPage, ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { ORDER_LISTS_KEY } from '../../../lib/order-queries.ts';

export type OrderFilters = { payment: PaymentFilter; status: StatusFilter };
export const NO_FILTERS: OrderFilters = { payment: 'all', status: 'all' };

/** GET /orders: one page of 50, filtered on the server (so a filter reaches past the first page). */
const getOrders = (page = 0, filters: OrderFilters = NO_FILTERS) =>
  apiCall(ordersContract.list, {
    query: {
      page,
      payment: filters.payment === 'all' ? undefined : filters.payment,
      status: filters.status === 'all' ? undefined : filters.status,
    },
  });

/** The list's pages so far; the next page is asked for while fewer than `total` are loaded. */
const ordersListQueryOptions = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: [...ORDER_LISTS_KEY, 'pages', filters],
    queryFn: ({ pageParam }) => getOrders(pageParam, filters),
    initialPageParam: 0,
    getNextPageParam: (last: OrderListPage, pages: OrderListPage[]) =>
      pages.length * ORDERS_PAGE_SIZE < last.total ? pages.length : undefined,
  });

export const useOrdersList = (filters: OrderFilters) => useInfiniteQuery(ordersListQueryOptions(filters));
