/** The server's readable 'geekly_session' cookie (set and cleared with the HttpOnly session cookie). */
export const hasSessionHint = () =>
  typeof document !== 'undefined' &&
  document.cookie.split(/;\s*/).some((c) => c.startsWith('geekly_session='));

/**
 * Forgets the readable hint when the server has refused the session: a public page's first script reads it to
 * send a signed-in student to /orders before paint (decision 055), so a hint left behind would send a signed-out
 * student back into the app.
 */
export function clearSessionHint() {
  if (typeof document !== 'undefined') document.cookie = 'geekly_session=; Max-Age=0; Path=/';
}
