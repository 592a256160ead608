/** Seed 001 §5: the rating parameter of a referral rating link. */
const RATING_PARAM = /^([1-5]|f)$/;

/**
 * Seed 001 §2 "Token and referral log-in routes": where /r/{key}/{rest}#{hash} leads once logged in.
 * `rest` is the path after the key, without leading or trailing slashes; `hash` is without '#'.
 * Ids are taken as path segments only (no slashes, no dots), so a crafted link cannot lead off the site.
 */
export function referralLinkTarget(rest: string, hash = ''): string {
  const parts = rest.split('/').filter((p) => p !== '');
  const segment = (s: string | undefined) => (s && /^[\w-]+$/.test(s) ? s : null);
  const [first, second, third] = parts;
  if (first === 'orders') {
    const h = segment(hash.replace(/^#/, ''));
    return h ? `/orders/${h}` : '/orders';
  }
  if (first === 'my-courses' && parts.length === 1) return '/my-courses';
  if (first === 'subscription' && parts.length === 1) return '/subscription';
  const orderId = segment(first);
  if (!orderId) return '/orders';
  if (second === 'rating') {
    const param = third && RATING_PARAM.test(third) ? `/${third}` : '';
    return `/orders/${orderId}/rating${param}`;
  }
  if (parts.length === 1) return `/order/${orderId}`;
  return '/orders';
}
