import { defaultTaskTitle } from '@geekly/domain/orders/order-schemas.ts';
import type { GoogleStart } from '@geekly/domain/users/google-sign-in.ts';
import { timezone } from '../../../lib/api-client.ts';
import { readPendingOrder } from '../../../lib/pending-order.ts';
import { forgetReturnTo, peekReturnTo } from '../../../lib/return-to.ts';
import { signUpExtras } from '../../../lib/sign-up-extras.ts';

const GOOGLE_START_PATH = '/api/v3/auth/google/start';

type Query = Partial<Record<keyof GoogleStart, string>>;

/**
 * Decision 040: the address that starts Sign in with Google, carrying what the auth flow does next (the spec
 * docs/product/account.md): the pending task (its checkout opens after), else the stored link; and what a sign-up sends (docs/product/account.md). The
 * server keeps them in the sign-in's sealed cookie. The stored link is taken out of this browser's storage now:
 * coming back signed in must not follow it a second time. The pending task stays until a sign-in succeeds (the
 * signed-in area drops it): a sign-in refused or abandoned at Google keeps it for the next try, and the server
 * creates a task once per toid, however often it is sent.
 */
function takeGoogleStartFields(mode: 'login' | 'signup'): [string, string][] {
  const query: Query = { mode, timezone_str: timezone() };
  const extras = signUpExtras();
  if (extras.profile_landing) query.profile_landing = extras.profile_landing.slice(0, 500);
  if (extras.profile_landing_query) query.profile_landing_query = extras.profile_landing_query.slice(0, 500);
  if (extras.referred_by) query.referred_by = extras.referred_by;
  const pending = readPendingOrder();
  if (pending) {
    query.toid = pending.toid;
    query.subject = pending.subject;
    // docs/product/account.md: a form without a title field names the task '{month} {subject} task' (the visitor's month).
    query.title = pending.title.trim() || defaultTaskTitle(pending.subject, new Date());
    forgetReturnTo();
  } else {
    const to = peekReturnTo();
    if (to) query.to = to;
    forgetReturnTo();
  }
  return Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
}

/**
 * Leaves for Google by submitting a form of this site (POST): the server takes a pending task only from such a
 * form, never from a link someone else could craft (decision 052).
 */
export function startGoogleSignIn(mode: 'login' | 'signup'): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = GOOGLE_START_PATH;
  form.hidden = true;
  for (const [name, value] of takeGoogleStartFields(mode)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
