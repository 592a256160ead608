import type { SubscriptionTag } from '@geekly/domain/subscriptions/subscription-display.ts';
import { subscriptionsContract } from '@geekly/domain/subscriptions/subscriptions-contract.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { submitGatewayForm } from '../../../lib/submit-gateway-form.ts';

const subscriptionsQueryOptions = queryOptions({
  queryKey: ['subscriptions'],
  queryFn: () => apiCall(subscriptionsContract.list),
  // Renewals happen on the server's clock: read afresh on every visit.
  staleTime: 0,
  refetchOnMount: 'always',
});

export const useSubscriptions = () => useQuery(subscriptionsQueryOptions);

/** POST /subscriptions: the answer is the gateway's card form, which the browser posts. */
export const useSubscribe = () =>
  useMutation({
    mutationFn: (tag: SubscriptionTag) => apiCall(subscriptionsContract.subscribe, { body: { tag } }),
    onSuccess: (answer) => submitGatewayForm(answer.gateway),
  });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(subscriptionsContract.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions.queryKey }),
  });
}
