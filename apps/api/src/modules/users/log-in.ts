import type { logInSchema } from '@geekly/domain/users/user-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientLogInLimits, limitFailures } from '../auth/attempt-limits.ts';
import { accountOfLoginKey, isLoginKeyOf } from '../auth/login-key.ts';
import { spendLoginToken } from '../auth/login-tokens.ts';
import { verifyPassword } from '../auth/password.ts';
import { assertCountryAllowed } from './country-block.ts';
import { openClientSession } from './open-session.ts';
import { resetAccountAccess } from './reset-account-access.ts';
import { findUserByEmail, findUserById, type UserRow, updateUser } from './users.repository.ts';

type LogInInput = z.output<typeof logInSchema>;

// docs/product/http-api.md: unknown e-mail and wrong password answer these exact details, as 4xx but not 401.
const userNotFound = () => new AppError('USER_NOT_FOUND', "User wasn't find");
const wrongCode = () => new AppError('WRONG_PASSWORD', 'Cant find code');

type Found = { user: UserRow; redirectPath?: string };

const isCredentialFailure = (err: unknown) =>
  err instanceof AppError && (err.code === 'USER_NOT_FOUND' || err.code === 'WRONG_PASSWORD');

export async function logIn(
  ctx: AppContext,
  input: LogInInput,
  meta: { ip: string; country: string | null; deviceId?: string },
) {
  assertCountryAllowed(ctx.config.BLOCKED_COUNTRIES, meta.country);
  // Decision 028: failed attempts are limited per address, per address and e-mail, and per e-mail.
  const { user, redirectPath } = await limitFailures(
    ctx.database.db,
    clientLogInLimits(meta.ip, input.factor === 'login' ? input.value : null),
    isCredentialFailure,
    () => findUserForFactor(ctx, input),
  );
  return {
    ...(await openClientSession(ctx, user, meta.deviceId)),
    // A one-time link knows where it leads (decision 011); the web app goes there.
    ...(redirectPath ? { redirect_path: redirectPath } : {}),
  };
}

async function findUserForFactor(ctx: AppContext, input: LogInInput): Promise<Found> {
  const { db } = ctx.database;
  switch (input.factor satisfies 'login' | 'key' | 'token') {
    case 'login': {
      const user = await findUserByEmail(db, input.value);
      // A staff e-mail is not a client's, whatever the password: its password is never tried here, so this
      // door tells nothing about it (decision 028).
      if (user?.role !== 'client') throw userNotFound();
      const password = input.code ?? '';
      if (await verifyPassword(user.passwordHash, password)) return { user };
      return { user: await usePendingPassword(ctx, user, password) };
    }
    case 'key': {
      // The secret per-user key from e-mailed links (derived, never stored: decision 051); never the public
      // referral code.
      const id = accountOfLoginKey(input.value);
      const user = id ? await findUserById(db, id) : undefined;
      if (user?.role !== 'client' || !isLoginKeyOf(ctx.tokens, input.value, user)) throw wrongCode();
      return { user };
    }
    case 'token': {
      // A one-time e-mailed token: spent by this call whatever happens next, refused once used or expired, and
      // refused when the user has logged out or changed the password since it was mailed (decision 028).
      const spent = await spendLoginToken(db, input.value, ctx.now());
      const user = spent && (await findUserById(db, spent.userId));
      if (!spent || user?.role !== 'client' || user.tokenVersion !== spent.tokenVersion) throw wrongCode();
      return { user, redirectPath: spent.redirectPath };
    }
  }
}

/** A password mailed by restore becomes the password on first use, and signs out other sessions. */
async function usePendingPassword(ctx: AppContext, user: UserRow, password: string): Promise<UserRow> {
  const pending = user.pendingPasswordHash;
  const expires = user.pendingPasswordExpiresAt;
  if (!pending || !expires || expires <= ctx.now() || !(await verifyPassword(pending, password))) {
    throw wrongCode();
  }
  // The password came to the account e-mail: its owner has proven it (decision 040). Whoever held the account
  // before loses it: sessions, mailed links, log-in key, a notification e-mail they chose (decision 051).
  return ctx.database.db.transaction(async (tx) => {
    await resetAccountAccess(tx, user.id);
    return updateUser(tx, user.id, {
      passwordHash: pending,
      pendingPasswordHash: null,
      pendingPasswordExpiresAt: null,
      emailVerifiedAt: user.emailVerifiedAt ?? ctx.now(),
    });
  });
}

/** POST /logout: every session of the account ends (decision 002), and what they may have changed is undone (051). */
export async function logOutEverywhere(ctx: AppContext, userId: string): Promise<void> {
  await ctx.database.db.transaction((tx) => resetAccountAccess(tx, userId));
}
