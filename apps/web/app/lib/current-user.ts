import type { StudentProfile } from '@geekly/domain/users/student-profile.ts';
import { usersContract } from '@geekly/domain/users/users-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-call.ts';
import { ApiError } from './api-client.ts';
import { hasSessionHint } from './session-hint.ts';

export type { StudentProfile };

/** GET /users/client/me: the signed-in student. */
const getMe = () => apiCall(usersContract.me);

/** A visitor without a session is answered here as the server would, without a request the browser logs. */
const getMeIfSignedIn = (): Promise<StudentProfile> =>
  hasSessionHint() ? getMe() : Promise.reject(new ApiError(401, 'Not authenticated'));

// A visitor's 401 (and a staff token's 403) is an answer here, not a failure: the pages decide what to show.
export const meQueryOptions = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: getMeIfSignedIn,
  meta: { handledStatuses: [401, 403] },
});

export const useMe = () => useQuery(meQueryOptions);
