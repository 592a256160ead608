import { paymentsContract } from '@geekly/domain/payments/payments-contract.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** One page of the user's ledger entries, newest first; amounts are signed dollars (money in is positive). */
const getBalanceHistory = (page = 0) => apiCall(paymentsContract.balanceHistory, { query: { page } });

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
