import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../auth/api/user.ts';
import type { Order } from '../../orders/api/get-order.ts';
import { storeOrder } from '../../orders/api/update-order.ts';
import { useResetOnReturn } from '../hooks/use-reset-on-return.ts';
import { balanceHistoryQueryOptions } from './get-balance-history.ts';
import { type GatewayRedirect, submitGatewayForm } from './submit-gateway-form.ts';

export type TipInput = {
  /** US dollars as text with 2 decimals. */
  amount: string;
  /** Integer cents of the balance the tip may use. */
  account_balance_use: number;
};

export type TipAnswer = { status: 'paid'; order: Order } | GatewayRedirect;

/** POST /orders/{id}/tips (decision 010): paid from the balance at once, or the gateway form for the rest. */
export const payTips = (id: string, input: TipInput) =>
  api<TipAnswer>(`/orders/${encodeURIComponent(id)}/tips`, { body: input });

export function usePayTips(id: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: TipInput) => payTips(id, input),
    onSuccess: (answer) => {
      if (answer.status === 'redirect') {
        submitGatewayForm(answer.gateway);
        return;
      }
      storeOrder(queryClient, answer.order);
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: balanceHistoryQueryOptions.queryKey });
    },
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
