import { usersContract } from '@geekly/domain/users/users-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';

/** POST /users/client/me/phone-verification: an SMS code to the phone (decision 018). */
export const sendPhoneCode = () => apiCall(usersContract.sendPhoneCode);

/** POST /users/client/me/phone-verification/check: the server checks the code and counts the tries. */
export const checkPhoneCode = (code: string) => apiCall(usersContract.checkPhoneCode, { body: { code } });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });

export function useCheckPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkPhoneCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
