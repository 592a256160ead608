// Where to go after logging in, when a visitor was sent to the log-in popup from a signed-in page.
const KEY = 'geekly.returnTo';

export function rememberReturnTo(path: string) {
  sessionStorage.setItem(KEY, path);
}

export function takeReturnTo(): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/orders';
}
