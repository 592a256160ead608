import type { StaffRole } from '@geekly/domain/ops/back-office.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newReferralCode } from '../../lib/random-codes.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { limitFailures, staffLogInLimits } from '../auth/attempt-limits.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { staffTokenOptions } from '../auth/staff-session.ts';
import { bumpTokenVersion, findUserByEmail } from '../users/index.ts';
import {
  insertStaffUser,
  listStaff,
  lockStaffAccounts,
  resetStaffPassword,
  updateStaffAccount,
} from './ops.repository.ts';

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
  });
  return { id: row.id, created: true };
}

/**
 * POST /ops/session: the same answer for an unknown e-mail, a wrong password, a client account and a disabled
 * one. Failures are limited per address and per e-mail (decision 028). The token is a short staff one
 * (decision 027), renewed while it is used.
 */
export async function logInStaff(ctx: AppContext, email: string, password: string, ip: string) {
  const user = await limitFailures(
    ctx.database.db,
    staffLogInLimits(ip, email),
    (err) => err instanceof AppError && err.code === 'UNAUTHENTICATED',
    async () => {
      const found = await findUserByEmail(ctx.database.db, email);
      const ok =
        found !== undefined &&
        found.role === 'staff' &&
        found.staffDisabledAt === null &&
        (await verifyPassword(found.passwordHash, password));
      if (!found || !ok) throw new AppError('UNAUTHENTICATED', 'Wrong e-mail or password');
      return found;
    },
  );
  const now = ctx.now();
  const claims = { userId: user.id, tokenVersion: user.tokenVersion };
  return { jwt: await ctx.tokens.sign(claims, staffTokenOptions(now, now)) };
}

/**
 * POST /ops/logout: revokes the staff member's sessions on the server (the token version, as a client's
 * log-out does); their event streams end on every API process (decision 027).
 */
export async function logOutStaff(ctx: AppContext, staff: UserRow) {
  await bumpTokenVersion(ctx.database.db, staff.id);
}

const staffOnlyAdmins = () =>
  new AppError('FORBIDDEN', 'Only an admin manages staff accounts', { errorType: 'admin_only' });

/** GET /ops/me */
export const staffMe = (staff: UserRow) => ({
  _id: staff.id,
  email: staff.email,
  staff_role: staff.staffRole ?? 'support',
});

type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

const staffView = (r: StaffRow) => ({
  _id: r.id,
  email: r.email,
  staff_role: r.staffRole ?? 'support',
  created_at: r.createdAt.toISOString(),
  disabled: r.staffDisabledAt !== null,
});

/** GET /ops/staff (admins only). */
export async function staffAccounts(ctx: AppContext, staff: UserRow) {
  if (staff.staffRole !== 'admin') throw staffOnlyAdmins();
  const rows = await listStaff(ctx.database.db);
  return { results: rows.map(staffView) };
}

const notStaff = () => notFound('Staff account not found');

/**
 * Locks the acting admin's row and the target's, and checks the admin still is one (another admin may have
 * changed them a moment ago): answers the target's row. A client's or an unknown id is a 404.
 */
async function lockForAdmin(tx: Db, admin: UserRow, targetId: string) {
  if (admin.staffRole !== 'admin') throw staffOnlyAdmins();
  const rows = await lockStaffAccounts(tx, [admin.id, targetId]);
  const actor = rows.find((r) => r.id === admin.id);
  if (actor?.staffRole !== 'admin' || actor.staffDisabledAt) throw staffOnlyAdmins();
  const target = rows.find((r) => r.id === targetId);
  if (!target) throw notStaff();
  return target;
}

/**
 * PATCH /ops/staff/{id} (admins only, decision 027): a new role, or the account disabled or enabled again. A
 * new role or a disabled account revokes every session of the account (and ends its event streams); an admin
 * cannot change their own account (so the last admin cannot lock everyone out). Audited with what changed.
 */
export async function changeStaffAccount(
  ctx: AppContext,
  admin: UserRow,
  targetId: string,
  input: { staff_role?: StaffRole | undefined; disabled?: boolean | undefined },
) {
  if (admin.staffRole !== 'admin') throw staffOnlyAdmins();
  if (targetId === admin.id)
    throw new AppError('FORBIDDEN', 'Ask another admin to change your own account', {
      errorType: 'own_account',
    });
  return ctx.database.db.transaction(async (tx) => {
    const target = await lockForAdmin(tx, admin, targetId);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const patch: { staffRole?: StaffRole; staffDisabledAt?: Date | null } = {};
    if (input.staff_role !== undefined && input.staff_role !== target.staffRole) {
      before.staff_role = target.staffRole;
      after.staff_role = input.staff_role;
      patch.staffRole = input.staff_role;
    }
    const disabled = target.staffDisabledAt !== null;
    if (input.disabled !== undefined && input.disabled !== disabled) {
      before.disabled = disabled;
      after.disabled = input.disabled;
      patch.staffDisabledAt = input.disabled ? ctx.now() : null;
    }
    if (Object.keys(patch).length === 0) return staffView(target);
    const revoke = patch.staffRole !== undefined || input.disabled === true;
    const row = await updateStaffAccount(tx, target.id, patch, revoke);
    await writeAudit(tx, staffActor(admin), { action: 'staff_update', subjectId: target.id, before, after });
    return staffView(row);
  });
}

/** DELETE /ops/staff/{id}/sessions (admins only, decision 027): ends every session of the account, audited. */
export async function endStaffSessions(ctx: AppContext, admin: UserRow, targetId: string) {
  await ctx.database.db.transaction(async (tx) => {
    const target = await lockForAdmin(tx, admin, targetId);
    await bumpTokenVersion(tx, target.id);
    await writeAudit(tx, staffActor(admin), { action: 'staff_sessions_end', subjectId: target.id });
  });
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
    return {
      _id: id,
      email: input.email,
      staff_role: input.staff_role,
      created_at: ctx.now().toISOString(),
      disabled: false,
    };
  });
}
