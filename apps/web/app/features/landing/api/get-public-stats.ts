import { publicContract } from '@geekly/domain/public/public-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** Decision 011: real counts — Geeks seen in the last 15 minutes, client sign-ups in the last 7 days. */
const getPublicStats = () => apiCall(publicContract.stats);

const publicStatsQueryOptions = queryOptions({
  queryKey: ['public', 'stats'],
  queryFn: getPublicStats,
  // The counts are decoration: without them the landing page simply shows none (no error routing).
  meta: { handledStatuses: [0, 404, 429, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511] },
  retry: false,
});

/** Fetched in the browser after hydration (never at build time); undefined while unknown or on failure. */
export const usePublicStats = () => useQuery(publicStatsQueryOptions).data;
