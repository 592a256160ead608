import {
  workspaceContract as c,
  type GeekTaskTransition,
  type payoutRequestSchema,
  type workspaceAttachFilesSchema,
  type workspaceMePatchSchema,
  type workspaceSendMessageSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { postToStorage, StorageUploadError } from '../../../lib/storage-upload.ts';
import { geekSession } from './workspace-client.ts';

type In<S extends z.ZodType> = z.input<S>;

/** Every workspace call carries the Geek's token, never the student's cookie (decision 050). */
const auth = { auth: geekSession };
const id = (v: string) => encodeURIComponent(v);

export const meKey = ['workspace', 'me'] as const;
export const offersKey = ['workspace', 'offers'] as const;
export const tasksKey = ['workspace', 'tasks'] as const;
export const taskKey = (orderId: string) => ['workspace', 'task', orderId] as const;
export const messagesKey = (orderId: string) => ['workspace', 'task', orderId, 'messages'] as const;
export const earningsKey = ['workspace', 'earnings'] as const;

// ——— Session ———

export async function logInGeek(email: string, password: string) {
  const answer = await apiCall(c.logIn, { body: { email, password } }, auth);
  geekSession.token.set(answer.jwt);
  return answer.geek;
}

/** 'Forgot password?': the server mails a one-time link (it never says whether the e-mail is a Geek's). */
export const restorePassword = (email: string) => apiCall(c.restorePassword, { body: { email } }, auth);

/** A one-time link's new password (an invitation or a restore): the answer signs the Geek in. */
export async function setPasswordFromLink(token: string, password: string) {
  const answer = await apiCall(c.setPassword, { body: { token, password } }, auth);
  geekSession.token.set(answer.jwt);
  return answer.geek;
}

/** The first log-in's new password (or any change): answers a new token for this browser. */
export async function changePassword(currentPassword: string, newPassword: string) {
  const { jwt } = await apiCall(
    c.changePassword,
    { body: { current_password: currentPassword, new_password: newPassword } },
    auth,
  );
  geekSession.token.set(jwt);
}

export const useGeekMe = (enabled: boolean, refetchOnMount: boolean | 'always' = true) =>
  useQuery({
    queryKey: meKey,
    queryFn: () => apiCall(c.me, {}, auth),
    enabled,
    refetchOnMount,
  });

export function useEditMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: In<typeof workspaceMePatchSchema>) => apiCall(c.editMe, { body: patch }, auth),
    onSuccess: (geek) => {
      qc.setQueryData(meKey, geek);
      return qc.invalidateQueries({ queryKey: offersKey });
    },
  });
}

// ——— Offers and tasks ———

export const useOffers = () =>
  useQuery({
    queryKey: offersKey,
    queryFn: () => apiCall(c.offers, {}, auth).then((r) => r.results),
  });

export function useTakeOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiCall(c.takeOffer, { params: { id: orderId } }, auth),
    // Taken or lost, the offer list has changed.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: offersKey }),
        qc.invalidateQueries({ queryKey: tasksKey }),
      ]),
  });
}

/** My tasks, a page at a time (the latest deadline first); `tasks` is every page loaded so far. */
export function useMyTasks(enabled = true) {
  const query = useInfiniteQuery({
    enabled,
    queryKey: tasksKey,
    initialPageParam: '',
    queryFn: ({ pageParam }) => apiCall(c.tasks, { query: { after: pageParam || undefined } }, auth),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  return { ...query, tasks: query.data?.pages.flatMap((p) => p.results) };
}

export const useTask = (orderId: string) =>
  useQuery({
    queryKey: taskKey(orderId),
    queryFn: () => apiCall(c.task, { params: { id: orderId } }, auth),
  });

/** A task's page and the lists change after the Geek acts on it. */
function useTaskChange<V, R>(orderId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: taskKey(orderId) }),
        qc.invalidateQueries({ queryKey: tasksKey }),
        qc.invalidateQueries({ queryKey: offersKey }),
        qc.invalidateQueries({ queryKey: earningsKey }),
      ]),
  });
}

export const useTaskTransition = (orderId: string) =>
  useTaskChange(orderId, (name: GeekTaskTransition) =>
    apiCall(c.transition, { params: { id: orderId }, body: { name } }, auth),
  );

export type GeekUpload = {
  file: File;
  type: In<typeof workspaceAttachFilesSchema>['files'][number]['type'];
  plag_status: 'found' | 'not_found' | 'checking' | null;
  plag_level: number | null;
};

/**
 * A Geek file: a presigned POST for the task, the file straight to storage (the shared upload), then attached
 * with its Geek file type and the plagiarism check the Geek ran.
 */
export const useUploadTaskFile = (orderId: string) =>
  useTaskChange(orderId, async (v: GeekUpload & { onProgress?: (share: number) => void }) => {
    const type = v.file.type || 'application/octet-stream';
    const post = await apiCall(
      c.upload,
      { params: { id: orderId }, body: { name: v.file.name, size: v.file.size, type } },
      auth,
    );
    await postToStorage(post, v.file, v.onProgress ?? (() => {})).catch((err: unknown) => {
      throw new ApiError(
        err instanceof StorageUploadError ? err.status : 0,
        'The file could not be stored. Please try again.',
      );
    });
    const body: In<typeof workspaceAttachFilesSchema> = {
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
    };
    return apiCall(c.attachFiles, { params: { id: orderId }, body }, auth);
  });

// ——— Messages ———

/** The conversation; reading it marks the student's messages read, so the unread marks are fetched again. */
export function useTaskMessages(orderId: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: messagesKey(orderId),
    queryFn: async () => {
      const { results } = await apiCall(c.messages, { params: { id: orderId } }, auth);
      void qc.invalidateQueries({ queryKey: tasksKey });
      return results;
    },
  });
}

export function useSendTaskMessage(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: In<typeof workspaceSendMessageSchema>) =>
      apiCall(c.sendMessage, { params: { id: orderId }, body }, auth),
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKey(orderId) }),
  });
}

// ——— Earnings ———

export const useEarnings = () =>
  useQuery({ queryKey: earningsKey, queryFn: () => apiCall(c.earnings, {}, auth) });

export function useRequestPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: In<typeof payoutRequestSchema>) => apiCall(c.requestPayout, { body }, auth),
    onSuccess: () => qc.invalidateQueries({ queryKey: earningsKey }),
  });
}

/**
 * A message's attachment: its download call needs the Geek's token (a plain link cannot send it), so the file is
 * fetched (the call redirects to a short-lived signed address) and handed to the browser as a download.
 */
export async function downloadMessageFile(
  orderId: string,
  messageId: string,
  file: { _id: string; name: string },
) {
  const token = geekSession.token.get();
  const res = await fetch(
    `/api/v3/workspace/tasks/${id(orderId)}/messages/${id(messageId)}/files/${id(file._id)}/download`,
    { credentials: 'omit', headers: token ? { Authorization: `Bearer ${token}` } : {} },
  ).catch(() => null);
  if (!res?.ok) throw new ApiError(res?.status ?? 0, 'The file could not be downloaded. Please try again.');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
