import { paymentsContract } from '@geekly/domain/payments/payments-contract.ts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { submitGatewayForm } from '../../../lib/submit-gateway-form.ts';
import { useResetOnReturn } from '../hooks/use-reset-on-return.ts';

/** POST /balance/top-up: `amount` in dollars as text with 2 decimals; the answer is always the gateway form. */
export const topUpBalance = (amount: string) => apiCall(paymentsContract.topUp, { body: { amount } });

export function useTopUpBalance() {
  const mutation = useMutation({
    mutationFn: topUpBalance,
    onSuccess: (answer) => submitGatewayForm(answer.gateway),
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
