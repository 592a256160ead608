import {
  ORDERS_PAGE_SIZE,
  type PaymentFilter,
  type StatusFilter,
} from '@geekly/domain/orders/order-list-filters.ts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type OrderSummary = {
  _id: string;
  number: number;
  title: string;
  subject: string;
  deadline: string;
  created_at: string;
  price: number | null;
  client_paid: number;
  messages_count: number;
  /** Messages to the student on this task still unread (issue 34). */
  unread_messages: number;
  mark: number;
  additional: string[];
  can: { rate: boolean; change_subject: boolean };
  status: {
    key: string;
    label: string;
    wait_text: string | null;
    progress: number;
    list_label: string | null;
  };
};

export type OrderFilters = { payment: PaymentFilter; status: StatusFilter };
export const NO_FILTERS: OrderFilters = { payment: 'all', status: 'all' };

type OrdersPage = { results: OrderSummary[]; total: number };

/** GET /orders: one page of 50, filtered on the server (so a filter reaches past the first page). */
export const getOrders = (page = 0, filters: OrderFilters = NO_FILTERS) => {
  const q = new URLSearchParams({ page: String(page) });
  if (filters.payment !== 'all') q.set('payment', filters.payment);
  if (filters.status !== 'all') q.set('status', filters.status);
  return api<OrdersPage>(`/orders?${q}`);
};

export const ordersQueryOptions = (page = 0) =>
  queryOptions({ queryKey: ['orders', 'list', page], queryFn: () => getOrders(page) });

export const useOrders = (page = 0) => useQuery(ordersQueryOptions(page));

/** The list's pages so far; the next page is asked for while fewer than `total` are loaded. */
export const ordersListQueryOptions = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'list', 'pages', filters],
    queryFn: ({ pageParam }) => getOrders(pageParam, filters),
    initialPageParam: 0,
    getNextPageParam: (last: OrdersPage, pages: OrdersPage[]) =>
      pages.length * ORDERS_PAGE_SIZE < last.total ? pages.length : undefined,
  });

export const useOrdersList = (filters: OrderFilters) => useInfiniteQuery(ordersListQueryOptions(filters));
