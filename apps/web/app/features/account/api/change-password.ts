import type { passwordChangeSchema } from '@geekly/domain/users/user-schemas.ts';
import { usersContract } from '@geekly/domain/users/users-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-call.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';

type PasswordChange = z.input<typeof passwordChangeSchema>;

/**
 * POST /users/client/me/password (issue 34): every other session and stream ends on the server. 200 `{ jwt }`:
 * changed, this browser's cookie renewed; 202: an account without a password was mailed a link.
 */
export const changePassword = (body: PasswordChange) => apiCall(usersContract.changePassword, { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST /users/client/me/password/confirm: the token of the mailed link; no session needed. */
export const confirmPasswordSet = (token: string) =>
  apiCall(usersContract.confirmPasswordSet, { body: { token } });

export function useConfirmPasswordSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordSet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
