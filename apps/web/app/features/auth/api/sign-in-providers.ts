import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Decision 040: ways to sign in besides e-mail and password that the server has turned on. */
export type SignInProviders = { google: boolean };

export const signInProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  // Only extra buttons hang on it: a failure shows none of them, and routes nowhere (docs/product/account.md is for pages).
  queryFn: () => api<SignInProviders>('/auth/providers').catch((): SignInProviders => ({ google: false })),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSignInProviders = () => useQuery(signInProvidersQueryOptions);
