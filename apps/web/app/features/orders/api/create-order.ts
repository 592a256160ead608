import { NEW_TASK_DEFAULTS } from '@geekly/domain/orders/order-schemas.ts';
import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { ORDER_LISTS_KEY } from '../../../lib/order-queries.ts';

/** docs/product/tasks-and-pricing.md: every new task starts as 'Essay writing' with the 30% deposit ticked (NEW_TASK_DEFAULTS). */
export const createOrder = (input: { title: string; subject: string; toid?: string }) =>
  apiCall(ordersContract.create, {
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
      return queryClient.invalidateQueries({ queryKey: ORDER_LISTS_KEY });
    },
  });
}
