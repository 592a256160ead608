import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersQueryOptions } from './get-orders.ts';

export const createOrder = (input: { title: string; subject: string; toid?: string }) =>
  api<{ _id: string }>('/orders', { body: input });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // After a successful add the list reloads (seed 000 §2).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey.slice(0, 2) }),
  });
}
