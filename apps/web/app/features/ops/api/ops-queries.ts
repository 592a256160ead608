import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsApi, opsToken } from './ops-client.ts';
import type { AuditRow, Geek, Money, Note, OpsOrder, QueueItem, StaffMe, TimelineItem } from './ops-types.ts';

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
    refetchInterval: 15_000,
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
export const useAudit = (orderId?: string) =>
  useQuery({
    queryKey: ['ops', 'audit', orderId ?? 'all'],
    queryFn: () => opsApi<{ results: AuditRow[] }>(`/ops/audit${orderId ? `?order_id=${orderId}` : ''}`),
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
  useTaskMutation(orderId, (v: { name: string; writer_id?: string }) =>
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

export function useEditGeek() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string } & Partial<Omit<Geek, '_id' | 'load'>>) =>
      opsApi<Geek>(`/ops/geeks/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['ops'] }),
  });
}
