import type { StaffRole } from '@geekly/domain/ops/back-office.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitFailures, staffLogInLimits } from '../auth/attempt-limits.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { newLoginKey, newReferralCode } from '../users/random-codes.ts';
import { findUserByEmail, type UserRow } from '../users/users.repository.ts';
import { staffActor, writeAudit } from './audit.ts';
import { insertStaffUser, listStaff, resetStaffPassword } from './ops.repository.ts';

/** Creates a staff account, or resets the password (and role) of an existing one. Refuses a client's e-mail. */
export async function upsertStaffAccount(
  db: Db,
  email: string,
  password: string,
  staffRole: StaffRole = 'admin',
) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.role !== 'staff') throw new Error(`${email} is a client account, not a staff one`);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await resetStaffPassword(db, existing.id, passwordHash, existing.tokenVersion + 1, staffRole);
    return { id: existing.id, created: false };
  }
  const row = await insertStaffUser(db, {
    email,
    passwordHash,
    role: 'staff',
    staffRole,
    notificationEmail: email,
    referralCode: newReferralCode(),
    loginKey: newLoginKey(),
  });
  return { id: row.id, created: true };
}

/**
 * POST /ops/session: the same answer for an unknown e-mail, a wrong password and a client account. Failures are
 * limited per address and per e-mail (decision 028).
 */
export async function logInStaff(ctx: AppContext, email: string, password: string, ip: string) {
  const user = await limitFailures(
    ctx.database.db,
    staffLogInLimits(ip, email),
    (err) => err instanceof AppError && err.code === 'UNAUTHENTICATED',
    async () => {
      const found = await findUserByEmail(ctx.database.db, email);
      const ok =
        found !== undefined && found.role === 'staff' && (await verifyPassword(found.passwordHash, password));
      if (!found || !ok) throw new AppError('UNAUTHENTICATED', 'Wrong e-mail or password');
      return found;
    },
  );
  return { jwt: await ctx.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion }) };
}

const staffOnlyAdmins = () =>
  new AppError('FORBIDDEN', 'Only an admin manages staff accounts', { errorType: 'admin_only' });

/** GET /ops/me */
export const staffMe = (staff: UserRow) => ({
  _id: staff.id,
  email: staff.email,
  staff_role: staff.staffRole ?? 'support',
});

/** GET /ops/staff (admins only). */
export async function staffAccounts(ctx: AppContext, staff: UserRow) {
  if (staff.staffRole !== 'admin') throw staffOnlyAdmins();
  const rows = await listStaff(ctx.database.db);
  return {
    results: rows.map((r) => ({
      _id: r.id,
      email: r.email,
      staff_role: r.staffRole ?? 'support',
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** POST /ops/staff (admins only): a new staff account; an e-mail already in use is refused. */
export async function createStaffAccount(
  ctx: AppContext,
  staff: UserRow,
  input: { email: string; password: string; staff_role: StaffRole },
) {
  if (staff.staffRole !== 'admin') throw staffOnlyAdmins();
  return ctx.database.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email))
      throw new AppError('CONFLICT', 'This e-mail is already in use', {
        errorType: 'validation',
        errorValue: { email: 'This e-mail is already in use' },
      });
    const { id } = await upsertStaffAccount(tx, input.email, input.password, input.staff_role);
    await writeAudit(tx, staffActor(staff), {
      action: 'staff_create',
      subjectId: id,
      after: { email: input.email, staff_role: input.staff_role },
    });
    return { _id: id, email: input.email, staff_role: input.staff_role, created_at: ctx.now().toISOString() };
  });
}
