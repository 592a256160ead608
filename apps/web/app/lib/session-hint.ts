/** The server's readable 'geekly_session' cookie (set and cleared with the HttpOnly session cookie). */
export const hasSessionHint = () =>
  typeof document !== 'undefined' &&
  document.cookie.split(/;\s*/).some((c) => c.startsWith('geekly_session='));
