import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../auth/api/user.ts';
import type { Order } from './get-order.ts';
import { storeOrder } from './update-order.ts';

export type PayInput = {
  /** Integer cents of the balance the client lets the payment use. */
  account_balance_use: number;
  /** The 30% deposit instead of the whole price. */
  partial?: boolean;
  /** The total the client sees; the server refuses to charge a different one. */
  expected_price?: number;
};

export const payOrder = (id: string, input: PayInput) =>
  api<{ status: 'paid'; order: Order }>(`/orders/${encodeURIComponent(id)}/pay`, { body: input });

export function usePayOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayInput) => payOrder(id, input),
    onSuccess: ({ order }) => {
      storeOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}
