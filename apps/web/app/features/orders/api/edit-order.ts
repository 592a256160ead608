import type { OrderEditBody } from '@geekly/domain/orders/order-form-schemas.ts';
import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { storeOrder } from '../../../lib/order-queries.ts';

/** PATCH /orders/{id}: the server recalculates the quote (calc_quote) and answers the task. */
export const editOrder = (id: string, edit: OrderEditBody) =>
  apiCall(ordersContract.edit, { params: { id }, body: { ...edit, calc_quote: true } });

export function useEditOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: OrderEditBody) => editOrder(id, edit),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}
