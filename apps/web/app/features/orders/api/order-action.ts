import type { OrderActionBody } from '@geekly/domain/orders/order-action-schemas.ts';
import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { storeOrder } from '../../../lib/order-queries.ts';

/** POST /orders/{id}: rating, revision, refund, add-on changes, deletion. */
const postOrderAction = (id: string, action: OrderActionBody) =>
  apiCall(ordersContract.action, { params: { id }, body: action });

export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderActionBody) => postOrderAction(id, action),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}
