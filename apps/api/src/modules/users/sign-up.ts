import type { signUpSchema } from '@geekly/domain/users/user-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReferralCode } from '../../lib/random-codes.ts';
import { hashPassword } from '../auth/password.ts';
import { takeQuota } from '../limits/quotas.ts';
import { usageLimits } from '../limits/usage-limits.ts';
import { queueWelcomeMail } from '../notifications/welcome-mail.ts';
import { assertCountryAllowed } from './country-block.ts';
import { openClientSession } from './open-session.ts';
import { findReferralCode, findUserByEmail, insertUser, type UserRow } from './users.repository.ts';

type SignUpInput = z.output<typeof signUpSchema>;

/** Where a new client came from (docs/product/account.md), whichever way the account was made. */
type SignUpExtras = Pick<
  SignUpInput,
  'profile_landing' | 'profile_landing_query' | 'referred_by' | 'timezone_str'
>;

export async function signUp(
  ctx: AppContext,
  input: SignUpInput,
  meta: { ip: string; country: string | null; deviceId?: string },
) {
  assertCountryAllowed(ctx.config.BLOCKED_COUNTRIES, meta.country);
  if (await findUserByEmail(ctx.database.db, input.email))
    throw new AppError('CONFLICT', 'Already exists email');
  const user = await createClientAccount(
    ctx,
    { email: input.email, passwordHash: await hashPassword(input.password), googleSub: null },
    input,
    meta,
  );
  if (!user) throw new AppError('CONFLICT', 'Already exists email');
  return openClientSession(ctx, user, meta.deviceId);
}

/**
 * A new client account with its codes and welcome mail: by e-mail and password, or by Google with no password
 * (decision 040). Undefined when the e-mail was taken meanwhile.
 */
export async function createClientAccount(
  ctx: AppContext,
  login: {
    email: string;
    passwordHash: string | null;
    googleSub: string | null;
    /** Set when Google verified the e-mail (decision 040); a password sign-up proves nothing. */
    emailVerifiedAt?: Date;
  },
  extras: SignUpExtras,
  meta: { ip: string; country: string | null },
): Promise<UserRow | undefined> {
  const { db } = ctx.database;
  // Decision 052: every way of making an account counts against the address's limit (429 with Retry-After).
  await takeQuota(db, usageLimits(ctx.config).accountsPerAddress, meta.ip);
  const referredBy = extras.referred_by ? await findReferralCode(db, extras.referred_by) : null;
  let user: UserRow | undefined;
  // A unique conflict is either the e-mail (taken meanwhile) or a random code collision: retry the latter.
  for (let attempt = 0; !user && attempt < 5; attempt++) {
    user = await insertUser(db, {
      ...login,
      notificationEmail: login.email,
      referralCode: newReferralCode(),
      profileLanding: extras.profile_landing,
      profileLandingQuery: extras.profile_landing_query,
      referredBy,
      timezoneStr: extras.timezone_str,
      signupCountry: meta.country,
    });
    if (!user && (await findUserByEmail(db, login.email))) return undefined;
  }
  if (!user) throw new Error('could not allocate unique codes for a new user');
  // The account exists whatever happens to its welcome mail: a failure here is logged, never the sign-up's.
  await queueWelcomeMail(ctx, user).catch((err) => console.error('welcome mail', err));
  return user;
}
