import type { PaidOrRedirect } from '@geekly/domain/payments/payments-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { storeOrder } from '../../../lib/order-queries.ts';
import { submitGatewayForm } from '../../../lib/submit-gateway-form.ts';
import { useResetOnReturn } from '../hooks/use-reset-on-return.ts';
import { balanceHistoryQueryOptions } from './get-balance-history.ts';

/**
 * One mutation for every payment of a task (decision 010): a redirect answer submits the gateway form at once
 * (the browser leaves for the card page); a paid answer refreshes the task, the balance and its history.
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
