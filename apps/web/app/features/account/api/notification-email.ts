import { usersContract } from '@geekly/domain/users/users-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';

/** POST /users/client/notification-email/confirm: the token from the mailed link (decision 028); no session needed. */
export const confirmNotificationEmail = (token: string) =>
  apiCall(usersContract.confirmNotificationEmail, { body: { token } });

export function useConfirmNotificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmNotificationEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

/**
 * POST /users/client/notification-email/undo: the token from the link mailed to the account e-mail (decision 051);
 * no session needed. Mail comes back to the account e-mail and every session ends, this browser's too.
 */
export const undoNotificationEmailChange = (token: string) =>
  apiCall(usersContract.undoNotificationEmail, { body: { token } });

export function useUndoNotificationEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoNotificationEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
