import type { RedirectAnswer as GatewayRedirect } from '@geekly/domain/payments/pay-schemas.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { submitGatewayForm } from '../../payments/api/submit-gateway-form.ts';

export type SubscriptionTag = 'premium' | 'premium plus';
export type Plan = {
  tag: SubscriptionTag;
  name: string;
  price: number;
  interval: 'month';
  benefits: string[];
};
export type Subscription = {
  _id: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  tag: SubscriptionTag;
  name: string;
  price: number;
  label: 'Active' | 'Pending cancelation' | 'Payment failed' | null;
};

export const subscriptionsQueryOptions = queryOptions({
  queryKey: ['subscriptions'],
  queryFn: () => api<{ plans: Plan[]; current: Subscription | null }>('/subscriptions'),
  // Renewals happen on the server's clock: read afresh on every visit.
  staleTime: 0,
  refetchOnMount: 'always',
});

export const useSubscriptions = () => useQuery(subscriptionsQueryOptions);

/** POST /subscriptions: the answer is the gateway's card form, which the browser posts. */
export const useSubscribe = () =>
  useMutation({
    mutationFn: (tag: SubscriptionTag) => api<GatewayRedirect>('/subscriptions', { body: { tag } }),
    onSuccess: (answer) => submitGatewayForm(answer.gateway),
  });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Subscription>(`/subscriptions/${id}/cancel`, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions.queryKey }),
  });
}
