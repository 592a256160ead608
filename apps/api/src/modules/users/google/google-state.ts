import type { GoogleStart } from '@geekly/domain/users/google-sign-in.ts';
import type { SessionTokens } from '../../auth/session-token.ts';
import type { Checks } from './google-provider.ts';

// Decision 040: between the redirect to Google and its answer, the browser keeps the sign-in's checks (state,
// nonce, PKCE verifier) and what the dialog sent (pending task, return path, landing) in one sealed, HttpOnly,
// 10-minute cookie. No server keeps anything, so any API process takes the answer; the state in the answer must
// equal the cookie's, so an answer meant for another browser (a forged sign-in) is refused.

export const STATE_COOKIE = 'geekly_google';
export const STATE_COOKIE_PATH = '/api/v3/auth/google';
export const STATE_MAX_AGE_SECONDS = 10 * 60;
const PURPOSE = 'google-sign-in';

export type SignInState = { checks: Checks; start: GoogleStart };

export const sealState = (tokens: SessionTokens, state: SignInState) =>
  tokens.seal(PURPOSE, state, STATE_MAX_AGE_SECONDS);

export async function openState(
  tokens: SessionTokens,
  sealed: string | undefined,
): Promise<SignInState | null> {
  if (!sealed) return null;
  const payload = await tokens.unseal(PURPOSE, sealed);
  const checks = payload?.checks as Partial<Checks> | undefined;
  const start = payload?.start as GoogleStart | undefined;
  if (
    typeof checks?.state !== 'string' ||
    typeof checks.nonce !== 'string' ||
    typeof checks.verifier !== 'string' ||
    typeof start !== 'object' ||
    start === null
  )
    return null;
  return { checks: { state: checks.state, nonce: checks.nonce, verifier: checks.verifier }, start };
}
