import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../auth/api/user.ts';

/** POST /users/client/me/phone-verification: an SMS code to the phone (decision 018). */
export const sendPhoneCode = () =>
  api<{ sent: boolean; phone_verified: boolean }>('/users/client/me/phone-verification', { body: {} });

/** POST /users/client/me/phone-verification/check: the server checks the code and counts the tries. */
export const checkPhoneCode = (code: string) =>
  api<{ phone_verified: boolean }>('/users/client/me/phone-verification/check', { body: { code } });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });

export function useCheckPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkPhoneCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
