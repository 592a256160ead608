import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type Referral = {
  referral_code: string;
  link: string;
  count: number;
  count_with_orders: number;
  earn: number;
};

/** GET /referral (docs/product/http-api.md): the code, the share link and the real figures. */
export const referralQueryOptions = queryOptions({
  queryKey: ['referral'],
  queryFn: () => api<Referral>('/referral'),
  // The figures change when friends act, not this tab: read them afresh on every visit.
  staleTime: 0,
  refetchOnMount: 'always',
});

export const useReferral = () => useQuery(referralQueryOptions);
