import type { SignedFileUrl } from '@geekly/domain/files/file-schemas.ts';
import type { RejectedMailList } from '@geekly/domain/ops/rejected-mail.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { type Presigned, postToStorage, type StorageUploadError } from '../../../lib/storage-upload.ts';
import { opsApi, opsToken } from './ops-client.ts';
import type {
  AuditPage,
  Geek,
  Money,
  Note,
  OpsOrder,
  QueueItem,
  StaffMe,
  TaskFile,
  TimelineItem,
} from './ops-types.ts';

export const useStaffMe = (enabled: boolean) =>
  useQuery({ queryKey: ['ops', 'me'], queryFn: () => opsApi<StaffMe>('/ops/me'), enabled });

export async function logInStaff(email: string, password: string) {
  const { jwt } = await opsApi<{ jwt: string }>('/ops/session', { body: { email, password } });
  opsToken.set(jwt);
}

export type QueueParams = { q: string; group: string; all: boolean };

export const useQueue = (p: QueueParams) =>
  useQuery({
    queryKey: ['ops', 'queue', p],
    queryFn: () => {
      const search = new URLSearchParams();
      if (p.q.trim()) search.set('q', p.q.trim());
      if (p.group) search.set('group', p.group);
      if (p.all) search.set('all', 'true');
      return opsApi<{ results: QueueItem[]; counts: Record<string, number> }>(`/ops/orders?${search}`);
    },
  });

export const useOpsOrder = (id: string) =>
  useQuery({ queryKey: ['ops', 'order', id], queryFn: () => opsApi<OpsOrder>(`/ops/orders/${id}`) });
export const useOrderMoney = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'money'],
    queryFn: () => opsApi<Money>(`/ops/orders/${id}/money`),
  });
export const useNotes = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'notes'],
    queryFn: () => opsApi<{ results: Note[] }>(`/ops/orders/${id}/notes`),
  });
export const useTimeline = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'timeline'],
    queryFn: () => opsApi<{ results: TimelineItem[] }>(`/ops/orders/${id}/timeline`),
  });
export const useTaskFiles = (id: string) =>
  useQuery({
    queryKey: ['ops', 'order', id, 'files'],
    queryFn: () => opsApi<{ files: TaskFile[] }>(`/ops/orders/${id}/files`),
  });
/** Opens any file of the task in the browser through a 5-minute signed address (the quality check's files). */
export async function openTaskFile(orderId: string, fileId: string) {
  const { url } = await opsApi<SignedFileUrl>(`/ops/orders/${orderId}/files/${fileId}/url`);
  window.location.assign(url);
}
/** The audit log (of one task with orderId), newest first, a page at a time: fetchNextPage loads older rows. */
export const useAudit = (orderId?: string) =>
  useInfiniteQuery({
    queryKey: ['ops', 'audit', orderId ?? 'all'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (orderId) query.set('order_id', orderId);
      if (pageParam) query.set('before', pageParam);
      const search = query.toString();
      return opsApi<AuditPage>(`/ops/audit${search ? `?${search}` : ''}`);
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
/** Decision 059: mail the SMTP server refused for good, newest first. */
export const useRejectedMail = () =>
  useQuery({
    queryKey: ['ops', 'mail', 'rejected'],
    queryFn: () => opsApi<RejectedMailList>('/ops/mail/rejected'),
  });
export const useGeeks = () =>
  useQuery({ queryKey: ['ops', 'geeks'], queryFn: () => opsApi<Geek[]>('/ops/geeks') });

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
  useTaskMutation(orderId, (v: { name: string; writer_id?: string; note?: string }) =>
    opsApi<OpsOrder>(`/ops/orders/${orderId}/transitions`, { body: v }),
  );
export const useRefund = (orderId: string) =>
  useTaskMutation(orderId, (v: { amount: string; to: 'balance' | 'card'; memo: string }) =>
    opsApi(`/ops/orders/${orderId}/refunds`, { body: v }),
  );
export const useAddNote = (orderId: string) =>
  useTaskMutation(orderId, (body: string) =>
    opsApi<Note>(`/ops/orders/${orderId}/notes`, { body: { body } }),
  );

export type GeekFileUpload = {
  file: File;
  type: string;
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
    const post = await opsApi<Presigned>(`/ops/orders/${orderId}/uploads`, {
      body: { name: v.file.name, size: v.file.size, type: mime },
    });
    await postToStorage(post, v.file, () => {}).catch((err: StorageUploadError) => {
      throw new ApiError(err.status, 'The file could not be stored. Please try again.');
    });
    return opsApi(`/ops/orders/${orderId}/files`, {
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
    });
  });

export function useEditGeek() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...patch
    }: { id: string } & Partial<
      Pick<Geek, 'public_full_name' | 'major' | 'public_subjects' | 'is_disabled' | 'top'>
    >) => opsApi<Geek>(`/ops/geeks/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['ops'] }),
  });
}
