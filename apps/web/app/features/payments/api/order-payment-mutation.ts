import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { type GatewayRedirect, submitGatewayForm } from '../../../lib/submit-gateway-form.ts';
import type { Order } from '../../orders/api/get-order.ts';
import { storeOrder } from '../../orders/api/update-order.ts';
import { useResetOnReturn } from '../hooks/use-reset-on-return.ts';
import { balanceHistoryQueryOptions } from './get-balance-history.ts';

/** Decision 010: a task payment or tip is settled from the balance at once, or answers the gateway form. */
export type PaidOrRedirect = { status: 'paid'; order: Order } | GatewayRedirect;

/**
 * One mutation for every payment of a task: a redirect answer submits the gateway form at once (the browser
 * leaves for the card page); a paid answer refreshes the task, the balance and its history.
 */
export function useOrderPaymentMutation<I>(pay: (input: I) => Promise<PaidOrRedirect>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: pay,
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
  // Back from the card page, the button must not stay on "Sending…".
  useResetOnReturn(mutation.reset);
  return mutation;
}
