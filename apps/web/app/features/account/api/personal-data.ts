import type { EraseAccountBody, ErasurePreview } from '@geekly/domain/users/personal-data.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /users/client/me/export, followed by the browser as a download (the zip is streamed, never held here). */
export const EXPORT_HREF = '/api/v3/users/client/me/export';

/** GET /users/client/me/erasure: what deleting the account does to money in flight (decision 058). */
export function useErasurePreview() {
  return useQuery({
    queryKey: ['users', 'me', 'erasure'],
    queryFn: () => api<ErasurePreview>('/users/client/me/erasure'),
    staleTime: 0,
  });
}

/** DELETE /users/client/me: 204 erased (undefined), or 202 with the sentence saying a link was mailed. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (body: EraseAccountBody) =>
      api<{ detail: string } | undefined>('/users/client/me', { method: 'DELETE', body }),
  });
}

/** POST /users/client/me/erasure/confirm: the token of the mailed link; no session needed. */
export function useConfirmErasure() {
  return useMutation({
    mutationFn: (token: string) => api<void>('/users/client/me/erasure/confirm', { body: { token } }),
  });
}
