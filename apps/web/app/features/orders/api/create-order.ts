import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { ordersQueryOptions } from './get-orders.ts';

export const createOrder = (input: { title: string; subject: string; toid?: string }) =>
  api<{ _id: string }>('/orders', { body: input });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ _id }) => {
      // Seed 001 §4: an analytics event with the order id (recorded only with analytics consent).
      track('order_created', { order_id: _id });
      // After a successful add the list reloads (seed 000 §2).
      return queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey.slice(0, 2) });
    },
  });
}
