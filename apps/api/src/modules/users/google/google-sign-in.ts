import {
  createOrderSchema,
  defaultTaskTitle,
  NEW_TASK_DEFAULTS,
} from '@geekly/domain/orders/order-schemas.ts';
import type { GoogleSignInError } from '@geekly/domain/users/google-sign-in.ts';
import { normalizeEmail } from '@geekly/domain/users/user-schemas.ts';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { assertCountryAllowed } from '../country-block.ts';
import { openClientSession } from '../open-session.ts';
import { resetAccountAccess } from '../reset-account-access.ts';
import { createClientAccount } from '../sign-up.ts';
import { findUserByEmail, findUserByGoogleSub, type UserRow, updateUser } from '../users.repository.ts';
import type { GoogleIdentity, GoogleProvider } from './google-provider.ts';
import type { SignInState } from './google-state.ts';

type GoogleOutcome =
  | { ok: true; jwt: string; redirectPath: string }
  | { ok: false; error: GoogleSignInError; cause?: unknown };

type Meta = { ip: string; country: string | null; deviceId?: string };

const refused = (error: GoogleSignInError, cause?: unknown): GoogleOutcome => ({ ok: false, error, cause });

/**
 * Decision 040: the provider's answer, its state already matched to the browser's cookie. A Google account finds
 * the account it was linked to (by `sub`, whatever its e-mail is now), else the account of its e-mail when Google
 * verified that e-mail (and links it), else makes a client account with no password. Then, as after a password
 * sign-up (docs/product/account.md), the pending task is created and its checkout opens; else the stored link, else /orders.
 */
export async function finishGoogleSignIn(
  ctx: AppContext,
  provider: GoogleProvider,
  callbackUrl: URL,
  state: SignInState,
  meta: Meta,
): Promise<GoogleOutcome> {
  // docs/product/account.md: log-in and sign-up stop silently for a blocked country.
  try {
    assertCountryAllowed(ctx.config.BLOCKED_COUNTRIES, meta.country);
  } catch {
    return refused('blocked');
  }
  // The user said no on the provider's page (access_denied), or the provider refused the request.
  if (callbackUrl.searchParams.has('error'))
    return refused('cancelled', callbackUrl.searchParams.get('error'));
  let identity: GoogleIdentity;
  try {
    identity = await provider.identify(callbackUrl, state.checks);
  } catch (err) {
    return refused('failed', err);
  }
  const found = await findOrMakeAccount(ctx, identity, state, meta);
  if ('error' in found) return refused(found.error);
  const { jwt } = await openClientSession(ctx, found.user, meta.deviceId);
  return { ok: true, jwt, redirectPath: await nextPath(ctx, found.user, state) };
}

async function findOrMakeAccount(
  ctx: AppContext,
  identity: GoogleIdentity,
  state: SignInState,
  meta: Meta,
): Promise<{ user: UserRow } | { error: GoogleSignInError }> {
  const { db } = ctx.database;
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return linked.role === 'client' ? { user: linked } : { error: 'failed' };
  if (!identity.emailVerified || !identity.email) return { error: 'unverified' };
  const email = normalizeEmail(identity.email);
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findUserByEmail(db, email);
    if (existing) {
      // A staff e-mail is not a client's; like /factor_auth, this door tells nothing about it (decision 028).
      if (existing.role !== 'client') return { error: 'failed' };
      if (existing.googleSub && existing.googleSub !== identity.sub) return { error: 'linked_elsewhere' };
      return { user: await linkGoogle(ctx, existing, identity.sub) };
    }
    let made: UserRow | undefined;
    try {
      made = await createClientAccount(
        ctx,
        { email, passwordHash: null, googleSub: identity.sub, emailVerifiedAt: ctx.now() },
        state.start,
        meta,
      );
    } catch (err) {
      // Decision 052: past the address's sign-up limit, the dialog says so.
      if (err instanceof AppError && err.code === 'RATE_LIMITED') return { error: 'too_many' };
      throw err;
    }
    if (made) return { user: made };
    // The e-mail was taken meanwhile (a sign-up in another tab): link that account instead.
  }
  return { error: 'failed' };
}

/**
 * Decision 040 (amended, issue 35 item 1): a password sign-up proves nothing about its e-mail, so an account whose
 * owner never proved it may be someone else's trap, made with the Google user's address before they came. Linking
 * it makes the Google owner its only holder: its password (and a restored one waiting) is dropped, every session
 * and mailed link ends and mail goes to the account e-mail again (`resetAccountAccess`). A restore gives it a
 * password again, mailed to the proven address. An account whose e-mail was proven is linked as it is.
 */
async function linkGoogle(ctx: AppContext, existing: UserRow, sub: string): Promise<UserRow> {
  const proven = { googleSub: sub, emailVerifiedAt: existing.emailVerifiedAt ?? ctx.now() };
  if (existing.emailVerifiedAt) return updateUser(ctx.database.db, existing.id, proven);
  return ctx.database.db.transaction(async (tx) => {
    await resetAccountAccess(tx, existing.id);
    return updateUser(tx, existing.id, {
      ...proven,
      passwordHash: null,
      pendingPasswordHash: null,
      pendingPasswordExpiresAt: null,
    });
  });
}

async function nextPath(ctx: AppContext, user: UserRow, { start }: SignInState): Promise<string> {
  if (start.toid && start.subject) {
    const parsed = createOrderSchema.safeParse({
      // docs/product/public-site.md: a form without a title field names the task '{month} {subject} task'.
      title: start.title || defaultTaskTitle(start.subject, ctx.now()),
      subject: start.subject,
      toid: start.toid,
      type: NEW_TASK_DEFAULTS.type,
      additional: [...NEW_TASK_DEFAULTS.additional],
    });
    if (parsed.success) {
      // docs/product/public-site.md: a failure to create the landing form's task is swallowed; the user goes on to /orders.
      const created = await ctx.ports.googleSignIn
        .createPendingOrder(ctx, user, parsed.data)
        .catch(() => null);
      if (created) return `/order/${created._id}/checkout`;
    }
    return '/orders';
  }
  return start.to ?? '/orders';
}
