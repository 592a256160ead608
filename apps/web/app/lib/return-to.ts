// Where to go after logging in, when a visitor was sent to the log-in popup from a signed-in page.
const KEY = 'geekly.returnTo';

const isLocalPath = (path: string | null): path is string =>
  Boolean(path?.startsWith('/') && !path.startsWith('//'));

export function rememberReturnTo(path: string) {
  sessionStorage.setItem(KEY, path);
}

export function takeReturnTo(): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return isLocalPath(path) ? path : '/orders';
}

/** The stored transition, left in place for the log-in that follows (seed 001 §8: 401 goes there or to '/'). */
export function peekReturnTo(): string | null {
  const path = sessionStorage.getItem(KEY);
  return isLocalPath(path) ? path : null;
}
