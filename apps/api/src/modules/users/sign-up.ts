import type { signUpSchema } from '@geekly/domain/users/user-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { queueWelcomeMail } from '../notifications/welcome-mail.ts';
import { recordDevice } from '../referral/referral.repository.ts';
import { assertCountryAllowed } from './country-block.ts';
import { newLoginKey, newReferralCode } from './random-codes.ts';
import { loadUserView } from './user-view.ts';
import { findReferralCode, findUserByEmail, insertUser, type UserRow } from './users.repository.ts';

export type SignUpInput = z.output<typeof signUpSchema>;

export async function signUp(
  ctx: AppContext,
  input: SignUpInput,
  meta: { country: string | null; deviceId?: string },
) {
  assertCountryAllowed(ctx.config.BLOCKED_COUNTRIES, meta.country);
  const { db } = ctx.database;
  if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', 'Already exists email');
  const passwordHash = await hashPassword(input.password);
  const referredBy = input.referred_by ? await findReferralCode(db, input.referred_by) : null;
  let user: UserRow | undefined;
  // A unique conflict is either the e-mail (taken meanwhile) or a random code collision: retry the latter.
  for (let attempt = 0; !user && attempt < 5; attempt++) {
    user = await insertUser(db, {
      email: input.email,
      passwordHash,
      notificationEmail: input.email,
      referralCode: newReferralCode(),
      loginKey: newLoginKey(),
      profileLanding: input.profile_landing,
      profileLandingQuery: input.profile_landing_query,
      referredBy,
      timezoneStr: input.timezone_str,
      signupCountry: meta.country,
    });
    if (!user && (await findUserByEmail(db, input.email)))
      throw new AppError('CONFLICT', 'Already exists email');
  }
  if (!user) throw new Error('could not allocate unique codes for a new user');
  // The same-device referral signal (decision 017).
  if (meta.deviceId) await recordDevice(db, user.id, meta.deviceId, ctx.now());
  // The account exists whatever happens to its welcome mail: a failure here is logged, never the sign-up's.
  await queueWelcomeMail(ctx, user).catch((err) => console.error('welcome mail', err));
  const jwt = await ctx.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { jwt, user: await loadUserView(db, user) };
}
