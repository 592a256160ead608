import { readJson, removeKey, writeJson } from './local-store.ts';

// docs/product/account.md: sign-up sends profile_landing, profile_landing_query and referred_by. The first page a
// visitor landed on (and its query) and a referral code from a /r/{code} link are kept until then.
const LANDING_KEY = 'geekly.landing';
const REFERRED_BY_KEY = 'geekly.referredBy';

type Landing = { profile_landing: string; profile_landing_query: string };

/** Keeps the first landing only: later pages of the same visit are not where the visitor came in. */
export function rememberLanding(location: { pathname: string; search: string }) {
  if (readJson<Landing>(LANDING_KEY)) return;
  // Log-in links are not landings.
  if (/^\/(login|r)\//.test(location.pathname)) return;
  writeJson(LANDING_KEY, {
    profile_landing: location.pathname.slice(0, 2000),
    profile_landing_query: location.search.replace(/^\?/, '').slice(0, 2000),
  } satisfies Landing);
}

export function rememberReferredBy(code: string) {
  writeJson(REFERRED_BY_KEY, code.slice(0, 100));
}

/** The fields to add to the sign-up call. */
export function signUpExtras(): {
  profile_landing?: string;
  profile_landing_query?: string;
  referred_by?: string;
} {
  const landing = readJson<Partial<Landing>>(LANDING_KEY);
  const referredBy = readJson<unknown>(REFERRED_BY_KEY);
  return {
    ...(typeof landing?.profile_landing === 'string' ? { profile_landing: landing.profile_landing } : {}),
    ...(typeof landing?.profile_landing_query === 'string' && landing.profile_landing_query
      ? { profile_landing_query: landing.profile_landing_query }
      : {}),
    ...(typeof referredBy === 'string' && referredBy ? { referred_by: referredBy } : {}),
  };
}

/** After a sign-up the values have been used. */
export function forgetSignUpExtras() {
  removeKey(LANDING_KEY);
  removeKey(REFERRED_BY_KEY);
}
