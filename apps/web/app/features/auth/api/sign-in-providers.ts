import { authContract, type SignInProviders } from '@geekly/domain/users/auth-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** Decision 040: ways to sign in besides e-mail and password that the server has turned on. */
const signInProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  // Only extra buttons hang on it: a failure shows none of them, and routes nowhere (docs/product/account.md is for pages).
  queryFn: () => apiCall(authContract.providers).catch((): SignInProviders => ({ google: false })),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSignInProviders = () => useQuery(signInProvidersQueryOptions);
