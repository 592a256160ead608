import type { OrderPatchBody } from '@geekly/domain/orders/order-form-schemas.ts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Order, orderQueryOptions } from './get-order.ts';
import { ordersQueryOptions } from './get-orders.ts';

export type OrderPatch = Partial<Omit<OrderPatchBody, 'quote_price' | 'price' | 'partial_price'>>;

/** PATCH /orders/{id}: the server recalculates the quote (calc_quote) and answers the task. */
export const updateOrder = (id: string, patch: OrderPatch) =>
  api<Order>(`/orders/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...patch, calc_quote: true } });

/** Stores an answered task in the cache and marks the list stale. */
export function storeOrder(queryClient: QueryClient, order: Order) {
  queryClient.setQueryData(orderQueryOptions(order._id).queryKey, order);
  void queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey.slice(0, 2) });
}

export function useUpdateOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: OrderPatch) => updateOrder(id, patch),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}
