import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { newLoginKey, newReferralCode } from '../users/random-codes.ts';
import { findUserByEmail } from '../users/users.repository.ts';

/** Creates a staff account, or resets the password of an existing one. Refuses a client's e-mail. */
export async function upsertStaffAccount(db: Db, email: string, password: string) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.role !== 'staff') throw new Error(`${email} is a client account, not a staff one`);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, tokenVersion: existing.tokenVersion + 1 })
      .where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash,
      role: 'staff',
      notificationEmail: email,
      referralCode: newReferralCode(),
      loginKey: newLoginKey(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('staff account not created');
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
