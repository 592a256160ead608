import { paymentsContract } from '@geekly/domain/payments/payments-contract.ts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { announce } from '../../../lib/announce.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { ORDER_LISTS_KEY, ORDERS_KEY, orderQueryOptions } from '../../../lib/order-queries.ts';
import { balanceHistoryQueryOptions } from './get-balance-history.ts';

const getPayment = (id: string) => apiCall(paymentsContract.payment, { params: { id } });

const POLL_MS = 1000;
/** The gateway's webhook normally lands before the browser returns; a slow one is waited for this long. */
const POLL_LIMIT = 30;

const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['payments', id],
    queryFn: () => getPayment(id),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < POLL_LIMIT ? POLL_MS : false,
  });

/**
 * On a gateway return page: follows the payment named by the `payment_id` query parameter until the webhook
 * has settled it, then refreshes what the money changed (the header balance, the task, the list, the history).
 */
export function usePaymentSettlement(paymentId: string | null) {
  const queryClient = useQueryClient();
  const payment = useQuery({ ...paymentQueryOptions(paymentId ?? ''), enabled: Boolean(paymentId) });
  const status = payment.data?.status;
  const orderId = payment.data?.order_id ?? null;
  useEffect(() => {
    if (paymentId && (status === undefined || status === 'pending')) return;
    if (status === 'succeeded') announce('Payment received');
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: balanceHistoryQueryOptions.queryKey });
    // The paid task and the list, or every task when the payment did not say which.
    const tasks = orderId ? orderQueryOptions(orderId).queryKey : ORDERS_KEY;
    void queryClient.invalidateQueries({ queryKey: tasks });
    void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_KEY });
  }, [paymentId, status, orderId, queryClient]);
  return payment;
}
