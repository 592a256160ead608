import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announce } from '../../../lib/announce.ts';
import { api } from '../../../lib/api-client.ts';
import { meQueryOptions, type User } from '../../auth/api/user.ts';

export type ProfilePatch = {
  phone?: string;
  country?: string;
  notification_email?: string;
  /** Decision 051: needed when notification_email is not the account e-mail. */
  password?: string;
  userdef?: Partial<User['userdef']>;
};

/** PATCH /users/client/me (docs/product/http-api.md): the answer is the user, put straight into the cache. */
export const updateMe = (patch: ProfilePatch) =>
  api<User>('/users/client/me', { method: 'PATCH', body: patch });

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
