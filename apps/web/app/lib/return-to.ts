import { isLocalPath } from '@geekly/domain/users/redirect-path.ts';
import { readText, removeKey, writeText } from './local-store.ts';

// Decision 011: where to go after logging in — a page a visitor was bounced from, or a link from a rating,
// tips, order or messages e-mail (docs/product/payments-and-ledger.md). localStorage, so a link opened in a new tab still counts; the
// value is the plain path.
const KEY = 'geekly.redirectAfterLogin';

/** docs/product/tasks-and-pricing.md: the hash markers of links from e-mails. */
const EMAIL_LINK_MARKERS = ['ratingemail', 'tips_external', 'orderemail', 'messagesemail'] as const;

export function rememberReturnTo(path: string) {
  if (isLocalPath(path)) writeText(KEY, path);
}

/** The stored path, or null; taking it forgets it. */
export function takeReturnTo(): string | null {
  const path = readText(KEY);
  removeKey(KEY);
  return isLocalPath(path) ? path : null;
}

export function forgetReturnTo() {
  removeKey(KEY);
}

type Place = { pathname: string; search: string; hash: string };

const isMarker = (hash: string) => (EMAIL_LINK_MARKERS as readonly string[]).includes(hash.replace(/^#/, ''));

/**
 * Where a one-time log-in link (`/login/{token}?to={path}`) leads: its `to`, when that is a local path. The
 * link itself is never a destination: its token works once (decision 024).
 */
export function loginLinkDestination(search: string): string | null {
  const to = new URLSearchParams(search).get('to');
  return isLocalPath(to) && !to.startsWith('/login/') ? to : null;
}

/**
 * An address carrying an e-mail link marker is remembered (without the marker) for after log-in; for a
 * one-time log-in link, the page it leads to, so a password log-in after a spent link still gets there.
 */
export function rememberEmailLink(location: Place) {
  if (!isMarker(location.hash)) return;
  if (location.pathname.startsWith('/login/')) {
    const to = loginLinkDestination(location.search);
    if (to) rememberReturnTo(to);
    return;
  }
  rememberReturnTo(location.pathname + location.search);
}

/** The page a visitor was bounced from to log in; an e-mail marker has done its job and is dropped. */
export function rememberBouncedFrom(location: Place) {
  rememberReturnTo(location.pathname + location.search + (isMarker(location.hash) ? '' : location.hash));
}

/** The stored transition, left in place for the log-in that follows (docs/product/account.md: 401 goes there or to '/'). */
export function peekReturnTo(): string | null {
  const path = readText(KEY);
  return isLocalPath(path) ? path : null;
}

/** docs/product/statuses-and-state-machine.md: a stored rating link wins over the list's own review prompt. */
export function hasStoredRatingLink(): boolean {
  const path = readText(KEY);
  return isLocalPath(path) && /\/rating(\/|$)/.test(path ?? '');
}
