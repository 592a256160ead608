import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { createOrder } from '../../../lib/create-order.ts';
import { ORDER_LISTS_KEY } from '../../../lib/order-queries.ts';

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ _id }) => {
      // docs/product/public-site.md: an analytics event with the order id (recorded only with analytics consent).
      track('order_created', { order_id: _id });
      // After a successful add the list reloads (docs/product/tasks-and-pricing.md).
      return queryClient.invalidateQueries({ queryKey: ORDER_LISTS_KEY });
    },
  });
}
