import type { profilePatchSchema } from '@geekly/domain/users/user-schemas.ts';
import { usersContract } from '@geekly/domain/users/users-contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { announce } from '../../../lib/announce.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';

/** The settings a student may change; decision 051: `password` is needed when notification_email is not the account e-mail. */
export type ProfilePatch = z.input<typeof profilePatchSchema>;

/** PATCH /users/client/me (docs/product/http-api.md): the answer is the user, put straight into the cache. */
export const updateMe = (patch: ProfilePatch) => apiCall(usersContract.updateMe, { body: patch });

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryOptions.queryKey, user);
      announce('Saved');
    },
  });
}
