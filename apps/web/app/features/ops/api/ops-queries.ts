import type { EndpointInput } from '@geekly/domain/http/endpoint.ts';
import { opsContract } from '@geekly/domain/ops/ops-contract.ts';
import { opsOrdersContract } from '@geekly/domain/ops/ops-orders-contract.ts';
import type { GeekFileType } from '@geekly/domain/orders/geek-files.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { postToStorage, type StorageUploadError } from '../../../lib/storage-upload.ts';
import { opsToken, staffSession } from './ops-client.ts';

const auth = { auth: staffSession };

export const useStaffMe = (enabled: boolean) =>
  useQuery({ queryKey: ['ops', 'me'], queryFn: () => apiCall(opsContract.me, {}, auth), enabled });

export async function logInStaff(email: string, password: string) {
  const { jwt } = await apiCall(opsContract.logIn, { body: { email, password } }, auth);
  opsToken.set(jwt);
}

type QueueParams = { q: string; group: string; all: boolean };

/** The queue; its pages, whole or one group, follow each other with `next` (the back office's 'Show more'). */
export const useQueue = (p: QueueParams) =>
  useInfiniteQuery({
    queryKey: ['ops', 'queue', p],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      apiCall(
        opsOrdersContract.queue,
        {
          query: {
            q: p.q.trim() || undefined,
            group: p.group || undefined,
            all: p.all ? 'true' : undefined,
            after: pageParam || undefined,
          },
        },
        auth,
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useOpsOrder = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id],
    queryFn: () => apiCall(opsOrdersContract.order, { params: { id } }, auth),
  });
export const useOrderMoney = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'money'],
    queryFn: () => apiCall(opsOrdersContract.money, { params: { id } }, auth),
  });
export const useNotes = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'notes'],
    queryFn: () => apiCall(opsOrdersContract.notes, { params: { id } }, auth),
  });
export const useTimeline = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'timeline'],
    queryFn: () => apiCall(opsOrdersContract.timeline, { params: { id } }, auth),
  });
export const useTaskFiles = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'files'],
    queryFn: () => apiCall(opsOrdersContract.files, { params: { id } }, auth),
  });
/** Opens any file of the task in the browser through a 5-minute signed address (the quality check's files). */
export async function openTaskFile(orderId: string, fileId: string) {
  const { url } = await apiCall(opsOrdersContract.fileUrl, { params: { id: orderId, fileId } }, auth);
  window.location.assign(url);
}
/** The audit log (of one task with orderId), newest first, a page at a time: fetchNextPage loads older rows. */
export const useAudit = (orderId?: string) =>
  useInfiniteQuery({
    queryKey: ['ops', 'audit', orderId ?? 'all'],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      apiCall(opsContract.audit, { query: { order_id: orderId, before: pageParam || undefined } }, auth),
    getNextPageParam: (last) => last.next ?? undefined,
  });
/** Decision 059: mail the SMTP server refused for good, newest first. */
export const useRejectedMail = () =>
  useQuery({
    queryKey: ['ops', 'mail', 'rejected'],
    queryFn: () => apiCall(opsContract.rejectedMail, {}, auth),
  });
export const useGeeks = () =>
  useQuery({ queryKey: ['ops', 'geeks'], queryFn: () => apiCall(opsContract.geeks, {}, auth) });

/** Everything on a task page changes after a staff action on it: refetch all of it. */
function useTaskMutation<V, R>(orderId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['ops', 'order', orderId] }),
        qc.invalidateQueries({ queryKey: ['ops', 'audit'] }),
        qc.invalidateQueries({ queryKey: ['ops', 'queue'] }),
      ]),
  });
}

export const useTransition = (orderId: string) =>
  useTaskMutation(orderId, (body: EndpointInput<typeof opsOrdersContract.transition>['body']) =>
    apiCall(opsOrdersContract.transition, { params: { id: orderId }, body }, auth),
  );
export const useRefund = (orderId: string) =>
  useTaskMutation(orderId, (body: EndpointInput<typeof opsOrdersContract.refund>['body']) =>
    apiCall(opsOrdersContract.refund, { params: { id: orderId }, body }, auth),
  );
export const useAddNote = (orderId: string) =>
  useTaskMutation(orderId, (body: string) =>
    apiCall(opsOrdersContract.addNote, { params: { id: orderId }, body: { body } }, auth),
  );

export type GeekFileUpload = {
  file: File;
  type: GeekFileType;
  plag_status: 'found' | 'not_found' | 'checking' | null;
  plag_level: number | null;
};

/**
 * A Geek file: a presigned POST for the task, the file straight to storage (every signed field, then `file`),
 * then attached with its Geek file type and plagiarism check (docs/product/http-api.md "Operator API").
 */
export const useUploadGeekFile = (orderId: string) =>
  useTaskMutation(orderId, async (v: GeekFileUpload) => {
    const mime = v.file.type || 'application/octet-stream';
    const post = await apiCall(
      opsOrdersContract.upload,
      { params: { id: orderId }, body: { name: v.file.name, size: v.file.size, type: mime } },
      auth,
    );
    await postToStorage(post, v.file, () => {}).catch((err: StorageUploadError) => {
      throw new ApiError(err.status, 'The file could not be stored. Please try again.');
    });
    return apiCall(
      opsOrdersContract.attachFiles,
      {
        params: { id: orderId },
        body: {
          files: [
            {
              location: post.location,
              name: v.file.name,
              size: v.file.size,
              type: v.type,
              plag_status: v.plag_status,
              plag_level: v.plag_level,
            },
          ],
        },
      },
      auth,
    );
  });

export function useEditGeek() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & EndpointInput<typeof opsContract.editGeek>['body']) =>
      apiCall(opsContract.editGeek, { params: { id }, body }, auth),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['ops'] }),
  });
}
