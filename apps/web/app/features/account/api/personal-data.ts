import type { EraseAccountBody } from '@geekly/domain/users/personal-data.ts';
import { privacyContract } from '@geekly/domain/users/privacy-contract.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** GET /users/client/me/export, followed by the browser as a download (the zip is streamed, never held here). */
export const EXPORT_HREF = `/api/v3${privacyContract.exportMine.path}`;

/** GET /users/client/me/erasure: what deleting the account does to money in flight (decision 058). */
export function useErasurePreview() {
  return useQuery({
    queryKey: ['users', 'me', 'erasure'],
    queryFn: () => apiCall(privacyContract.erasurePreview),
    staleTime: 0,
  });
}

/** DELETE /users/client/me: 204 erased (null), or 202 with the sentence saying a link was mailed. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (body: EraseAccountBody) => apiCall(privacyContract.eraseMine, { body }),
  });
}

/** POST /users/client/me/erasure/confirm: the token of the mailed link; no session needed. */
export function useConfirmErasure() {
  return useMutation({
    mutationFn: (token: string) => apiCall(privacyContract.confirmErasure, { body: { token } }),
  });
}
