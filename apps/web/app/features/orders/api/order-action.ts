import type { OrderActionBody } from '@geekly/domain/orders/order-action-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Order } from './get-order.ts';
import { storeOrder } from './update-order.ts';

export type OrderAction = OrderActionBody;

/** POST /orders/{id}: rating, revision, refund, add-on changes, deletion. */
export const postOrderAction = (id: string, action: OrderAction) =>
  api<Order>(`/orders/${encodeURIComponent(id)}`, { body: action });

export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => postOrderAction(id, action),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}
