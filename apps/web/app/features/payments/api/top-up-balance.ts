import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type GatewayRedirect, submitGatewayForm } from '../../../lib/submit-gateway-form.ts';
import { useResetOnReturn } from '../hooks/use-reset-on-return.ts';

/** POST /balance/top-up: `amount` in dollars as text with 2 decimals; the answer is always the gateway form. */
export const topUpBalance = (amount: string) => api<GatewayRedirect>('/balance/top-up', { body: { amount } });

export function useTopUpBalance() {
  const mutation = useMutation({
    mutationFn: topUpBalance,
    onSuccess: (answer) => submitGatewayForm(answer.gateway),
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
