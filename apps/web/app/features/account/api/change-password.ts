import type { passwordChangeSchema } from '@geekly/domain/users/user-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../auth/api/user.ts';

export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** 200 `{ jwt }`: changed, this browser's cookie renewed; 202: an account without a password was mailed a link. */
export type PasswordChangeAnswer = { jwt: string } | { detail: string; confirmation_sent: true };

/** POST /users/client/me/password (issue 34): every other session and stream ends on the server. */
export const changePassword = (body: PasswordChange) =>
  api<PasswordChangeAnswer>('/users/client/me/password', { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST /users/client/me/password/confirm: the token of the mailed link; no session needed. */
export const confirmPasswordSet = (token: string) =>
  api<{ jwt: string | null }>('/users/client/me/password/confirm', { body: { token } });

export function useConfirmPasswordSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordSet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
