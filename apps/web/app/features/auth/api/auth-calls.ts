import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, host, timezone } from '../../../lib/api-client.ts';
import { forgetSignUpExtras, signUpExtras } from '../../../lib/sign-up-extras.ts';
import { meQueryOptions, type User } from './user.ts';

export type Session = { jwt: string; user: User; redirect_path?: string };

export const logIn = (email: string, password: string) =>
  api<Session>('/factor_auth', {
    body: {
      type: 'check_code',
      factor: 'login',
      value: email,
      code: password,
      get_user: true,
      timezone_str: timezone(),
      host: host(),
    },
  });

/** docs/product/public-site.md: sign-up carries the landing page, its query and a referral code when there are any. */
export async function signUp(email: string, password: string) {
  const session = await api<Session>('/users/client/new', {
    body: { email, password, timezone_str: timezone(), host: host(), ...signUpExtras() },
  });
  forgetSignUpExtras();
  return session;
}

/** docs/product/account.md log-in factors: a one-time e-mailed token, or a user's secret key from a /r/ link. */
export const logInWith = (factor: 'token' | 'key', value: string) =>
  api<Session>('/factor_auth', {
    body: { type: 'check_code', factor, value, get_user: true, timezone_str: timezone(), host: host() },
  });

export const restorePassword = (email: string) =>
  api<unknown>('/users/client/restore', { body: { email, host: host() } });

export const logOut = () => api<void>('/logout', { method: 'POST' });

/** Log in or sign up, then put the user in the cache. */
export function useSessionMutation(call: (email: string, password: string) => Promise<Session>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => call(email, password),
    onSuccess: (session) => storeSession(queryClient, session),
  });
}

/** A new session: nothing cached for the previous visitor survives. */
export function storeSession(queryClient: QueryClient, session: Session) {
  queryClient.clear();
  queryClient.setQueryData(meQueryOptions.queryKey, session.user);
}

/** docs/product/account.md: log-out clears the token and user data and goes to '/': a full page load leaves nothing behind. */
export function useLogOut() {
  return useMutation({
    mutationFn: logOut,
    onSettled: () => window.location.replace('/'),
  });
}
