import { phoneMatchesCountry, type profilePatchSchema } from '@geekly/domain/users/user-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import {
  assertMayRedirectMail,
  notificationEmailChange,
  queueConfirmationMail,
  queueRedirectionNotice,
} from './notification-email.ts';
import { releaseVerifiedPhone } from './phone-verification.repository.ts';
import { loadUserView } from './user-view.ts';
import { findVerifiedOwnerOfPhone, type UserRow, updateUser } from './users.repository.ts';

export type ProfilePatch = z.output<typeof profilePatchSchema>;

export async function updateMe(
  ctx: AppContext,
  user: UserRow,
  patch: ProfilePatch,
  session: { issuedAt: number | null },
) {
  const { db } = ctx.database;
  const country = patch.country ?? user.country;
  if (patch.phone && country && !phoneMatchesCountry(patch.phone, country)) {
    throw validationError({ phone: 'Phone number format is incorrect' });
  }
  // Decision 052: a number another account confirmed is taken; one it only saved is a claim that blocks nobody.
  if (patch.phone) {
    const owner = await findVerifiedOwnerOfPhone(db, patch.phone);
    if (owner && owner.id !== user.id) throw new AppError('CONFLICT', 'Already exists phone');
  }
  const changes = Object.fromEntries(
    Object.entries({
      phone: patch.phone,
      // A new phone has to be confirmed again (decision 018).
      ...(patch.phone !== undefined && patch.phone !== user.phone ? { phoneVerifiedAt: null } : {}),
      country: patch.country,
      ...(patch.userdef ? { userdef: { ...user.userdef, ...patch.userdef } } : {}),
      onBoardingEventSentAt: patch.onBoardingEventSentAt ? new Date(patch.onBoardingEventSentAt) : undefined,
    }).filter(([, v]) => v !== undefined),
  );
  // A new notification e-mail waits for its confirmation link (decision 028).
  const email =
    patch.notification_email === undefined
      ? null
      : notificationEmailChange(ctx, user, patch.notification_email);
  if (email?.confirmToken) await assertMayRedirectMail(ctx, user, patch.password, session.issuedAt);
  if (email) Object.assign(changes, email.changes);
  // An empty patch changes nothing (an UPDATE with nothing to set is an error in the ORM, not the caller's).
  if (Object.keys(changes).length === 0) return loadUserView(db, user);
  let updated: UserRow;
  try {
    updated = await db.transaction(async (tx) => {
      const row = await updateUser(tx, user.id, changes);
      const pending = row.pendingNotificationEmail;
      if (email?.confirmToken && pending) {
        await queueConfirmationMail(ctx, tx, pending, email.confirmToken);
        // Decision 051: the account e-mail hears of it at once, with an undo.
        await queueRedirectionNotice(ctx, tx, row, 'asked', pending);
      }
      // Decision 029: a verified number given up waits 30 days before it verifies another account.
      if (user.phone && patch.phone !== undefined && patch.phone !== user.phone)
        await releaseVerifiedPhone(tx, user.id, user.phone, ctx.now());
      return row;
    });
    if (email?.confirmToken) ctx.mailer.kick();
  } catch (err) {
    // Two users saving the same phone at once: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Already exists phone');
    throw err;
  }
  return loadUserView(db, updated);
}
