import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../auth/api/user.ts';
import { balanceHistoryQueryOptions } from '../../payments/api/get-balance-history.ts';
import { type GatewayRedirect, submitGatewayForm } from '../../payments/api/submit-gateway-form.ts';
import { useResetOnReturn } from '../../payments/hooks/use-reset-on-return.ts';
import type { Order } from './get-order.ts';
import { storeOrder } from './update-order.ts';

export type PayInput = {
  /**
   * The balance the client lets the payment use: integer cents, or (seed 000 §7, the pay-from-balance screen)
   * dollars as a string with 2 decimals.
   */
  account_balance_use: number | string;
  /** The 30% deposit instead of the whole price. */
  partial?: boolean;
  /** The total the client sees; the server refuses to charge a different one. */
  expected_price?: number;
  /** Where the gateway sends the browser back (decision 010's return URL table). */
  context?: 'checkout' | 'add_ons' | 'order';
};

/** Settled from the balance, or the gateway form for what the balance does not cover. */
export type PayAnswer = { status: 'paid'; order: Order } | GatewayRedirect;

export const payOrder = (id: string, input: PayInput) =>
  api<PayAnswer>(`/orders/${encodeURIComponent(id)}/pay`, { body: input });

/** A redirect answer submits the gateway form at once: the browser leaves for the card page. */
export function usePayOrder(id: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: PayInput) => payOrder(id, input),
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
