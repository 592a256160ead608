import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../auth/api/user.ts';

/** POST /users/client/notification-email/confirm: the token from the mailed link (decision 028); no session needed. */
export const confirmNotificationEmail = (token: string) =>
  api<{ notification_email: string }>('/users/client/notification-email/confirm', { body: { token } });

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
  api<{ notification_email: string }>('/users/client/notification-email/undo', { body: { token } });

export function useUndoNotificationEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoNotificationEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
