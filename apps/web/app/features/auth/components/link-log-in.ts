import type { LogInAnswer } from '@geekly/domain/users/users-contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { logInWith, storeSession } from '../api/auth-calls.ts';

type LinkLogIn =
  | { status: 'pending' }
  | { status: 'ok'; session: LogInAnswer }
  /**
   * The link does not log in (used, expired, unknown); `loggedIn` says whether a session exists anyway, and
   * `blocked` that the visitor's country may not log in (docs/product/account.md: the flow stops without a message).
   */
  | { status: 'refused'; loggedIn: boolean; blocked: boolean }
  /** The server could not be asked (network, 5xx). */
  | { status: 'unavailable' };

// One attempt per link and page load: a token is single-use, so a second mount (React's strict mode, a
// re-render after navigation) must reuse the first answer instead of spending the token again.
const attempts = new Map<string, Promise<LinkLogIn>>();

async function attempt(factor: 'token' | 'key', value: string, isLoggedIn: () => Promise<boolean>) {
  try {
    return { status: 'ok', session: await logInWith(factor, value) } satisfies LinkLogIn;
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500)
      return {
        status: 'refused',
        loggedIn: await isLoggedIn(),
        blocked: err.type === 'blocked_country',
      } satisfies LinkLogIn;
    return { status: 'unavailable' } satisfies LinkLogIn;
  }
}

/** docs/product/account.md "Token and referral log-in routes": logs in with a factor carried by a link, once. */
export function useLinkLogIn(factor: 'token' | 'key', value: string): LinkLogIn {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LinkLogIn>({ status: 'pending' });

  useEffect(() => {
    const key = `${factor}:${value}`;
    let pending = attempts.get(key);
    if (!pending) {
      pending = attempt(factor, value, () =>
        queryClient.fetchQuery(meQueryOptions).then(
          () => true,
          () => false,
        ),
      );
      attempts.set(key, pending);
    }
    let live = true;
    void pending.then((outcome) => {
      if (!live) return;
      if (outcome.status === 'ok') storeSession(queryClient, outcome.session);
      setState(outcome);
    });
    return () => {
      live = false;
    };
  }, [factor, value, queryClient]);

  return state;
}
