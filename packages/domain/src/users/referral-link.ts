/** docs/product/account.md: the rating parameter of a referral rating link. */
const RATING_PARAM = /^([1-5]|f)$/;

/**
 * docs/product/account.md "Token and referral log-in routes": where /r/{key}/{rest}#{hash} leads once logged in.
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
  // docs/product/account.md names /my-courses; the app has no such page: the student's courses are the task list's
  // groups (docs/product/account.md '/orders'), the nearest real page.
  if (first === 'my-courses' && parts.length === 1) return '/orders';
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

const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What '/orders/{hash}' opens (docs/product/account.md): a task id is looked up among the student's tasks (the page then
 * opens it, or the list when it is not theirs); 'livechat' is the list with the chat open (docs/product/account.md); any
 * other hash, such as a mail's marker, is the list.
 */
export function ordersHashTarget(hash: string): 'order' | 'livechat' | 'list' {
  if (TASK_ID.test(hash)) return 'order';
  if (hash === 'livechat') return 'livechat';
  return 'list';
}
