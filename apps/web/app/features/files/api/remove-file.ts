import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderFilesQueryOptions } from './get-order-files.ts';

/** POST /orders/{id}/files/{fileId} { action: 'remove' }: refused once the task is paid. */
export const removeOrderFile = (orderId: string, fileId: string) =>
  api<{ removed: true }>(`/orders/${encodeURIComponent(orderId)}/files/${encodeURIComponent(fileId)}`, {
    body: { action: 'remove' },
  });

export function useRemoveOrderFile(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => removeOrderFile(orderId, fileId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderFilesQueryOptions(orderId).queryKey }),
  });
}
