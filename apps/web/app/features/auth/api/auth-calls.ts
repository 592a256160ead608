import { type LogInAnswer, usersContract } from '@geekly/domain/users/users-contract.ts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { host, timezone } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { forgetSignUpExtras, signUpExtras } from '../../../lib/sign-up-extras.ts';

export const logIn = (email: string, password: string) =>
  apiCall(usersContract.logIn, {
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
  const session = await apiCall(usersContract.signUp, {
    body: { email, password, timezone_str: timezone(), host: host(), ...signUpExtras() },
  });
  forgetSignUpExtras();
  return session;
}

/** docs/product/account.md log-in factors: a one-time e-mailed token, or a user's secret key from a /r/ link. */
export const logInWith = (factor: 'token' | 'key', value: string) =>
  apiCall(usersContract.logIn, {
    body: { type: 'check_code', factor, value, get_user: true, timezone_str: timezone(), host: host() },
  });

export const restorePassword = (email: string) =>
  apiCall(usersContract.restorePassword, { body: { email, host: host() } });

/** Log in or sign up, then put the user in the cache. */
export function useSessionMutation(call: (email: string, password: string) => Promise<LogInAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => call(email, password),
    onSuccess: (session) => storeSession(queryClient, session),
  });
}

/** A new session: nothing cached for the previous visitor survives. */
export function storeSession(queryClient: QueryClient, session: LogInAnswer) {
  queryClient.clear();
  queryClient.setQueryData(meQueryOptions.queryKey, session.user);
}
