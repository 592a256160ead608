import { NEW_TASK_DEFAULTS } from '@geekly/domain/orders/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { ordersQueryOptions } from './get-orders.ts';

/** docs/product/tasks-and-pricing.md: every new task starts as 'Essay writing' with the 30% deposit ticked (NEW_TASK_DEFAULTS). */
export const createOrder = (input: { title: string; subject: string; toid?: string }) =>
  api<{ _id: string }>('/orders', {
    body: { ...input, type: NEW_TASK_DEFAULTS.type, additional: [...NEW_TASK_DEFAULTS.additional] },
  });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ _id }) => {
      // docs/product/public-site.md: an analytics event with the order id (recorded only with analytics consent).
      track('order_created', { order_id: _id });
      // After a successful add the list reloads (docs/product/tasks-and-pricing.md).
      return queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey.slice(0, 2) });
    },
  });
}
