import { usersContract } from '@geekly/domain/users/users-contract.ts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from './api-call.ts';

// Log-out is reached from the header, the mobile footer and the profile page, so it lives in the shared layer.

/** docs/product/account.md: log-out clears the token and user data and goes to '/': a full page load leaves nothing behind. */
export function useLogOut() {
  return useMutation({
    mutationFn: () => apiCall(usersContract.logOut),
    onSettled: () => window.location.replace('/'),
  });
}
