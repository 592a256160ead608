import { filesContract } from '@geekly/domain/files/files-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { orderFilesQueryOptions } from './get-order-files.ts';

/** POST /orders/{id}/files/{fileId} { action: 'remove' }: refused once the task is paid. */
const removeOrderFile = (orderId: string, fileId: string) =>
  apiCall(filesContract.remove, { params: { id: orderId, fileId }, body: { action: 'remove' } });

export function useRemoveOrderFile(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => removeOrderFile(orderId, fileId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderFilesQueryOptions(orderId).queryKey }),
  });
}
