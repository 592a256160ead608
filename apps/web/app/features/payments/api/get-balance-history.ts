import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type LedgerEntry = {
  _id: string;
  created_at: string;
  kind: string;
  description: string;
  /** Signed US dollars: money in is positive, money out negative. */
  amount: number;
  order_id: string | null;
  order_number: number | null;
};

export type BalanceHistoryPage = { available_balance: number; total: number; results: LedgerEntry[] };

export const getBalanceHistory = (page = 0) => api<BalanceHistoryPage>(`/balance/history?page=${page}`);

export const balanceHistoryQueryOptions = infiniteQueryOptions({
  queryKey: ['balance', 'history'],
  queryFn: ({ pageParam }) => getBalanceHistory(pageParam),
  initialPageParam: 0,
  getNextPageParam: (last, pages) => {
    const loaded = pages.reduce((n, p) => n + p.results.length, 0);
    return last.results.length > 0 && loaded < last.total ? pages.length : undefined;
  },
  // Money moves outside this tab (the gateway, an operator's refund), so the page asks again when it opens.
  refetchOnMount: 'always',
});

export const useBalanceHistory = () => useInfiniteQuery(balanceHistoryQueryOptions);
