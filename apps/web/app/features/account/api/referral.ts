import { referralContract } from '@geekly/domain/referral/referral-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** GET /referral: the code, the share link and the real figures. */
const referralQueryOptions = queryOptions({
  queryKey: ['referral'],
  queryFn: () => apiCall(referralContract.get),
  // The figures change when friends act, not this tab: read them afresh on every visit.
  staleTime: 0,
  refetchOnMount: 'always',
});

export const useReferral = () => useQuery(referralQueryOptions);
