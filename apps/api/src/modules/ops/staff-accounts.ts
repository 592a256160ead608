import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { newLoginKey, newReferralCode } from '../users/random-codes.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { insertStaffUser, resetStaffPassword } from './ops.repository.ts';

/** Creates a staff account, or resets the password of an existing one. Refuses a client's e-mail. */
export async function upsertStaffAccount(db: Db, email: string, password: string) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.role !== 'staff') throw new Error(`${email} is a client account, not a staff one`);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await resetStaffPassword(db, existing.id, passwordHash, existing.tokenVersion + 1);
    return { id: existing.id, created: false };
  }
  const row = await insertStaffUser(db, {
    email,
    passwordHash,
    role: 'staff',
    notificationEmail: email,
    referralCode: newReferralCode(),
    loginKey: newLoginKey(),
  });
  return { id: row.id, created: true };
}

/** POST /ops/session: the same answer for an unknown e-mail, a wrong password and a client account. */
export async function logInStaff(ctx: AppContext, email: string, password: string) {
  const user = await findUserByEmail(ctx.database.db, email);
  const ok =
    user !== undefined && user.role === 'staff' && (await verifyPassword(user.passwordHash, password));
  if (!user || !ok) throw new AppError('UNAUTHENTICATED', 'Wrong e-mail or password');
  return { jwt: await ctx.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion }) };
}
