import { randomBytes } from 'node:crypto';
import { PASSWORD_MESSAGES, type passwordChangeSchema } from '@geekly/domain/users/user-schemas.ts';
import type { z } from 'zod';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { limitFailures } from '../auth/attempt-limits.ts';
import { hashToken } from '../auth/login-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { resetAccountAccess } from './reset-account-access.ts';
import { lockUser, lockUserByPasswordSetToken, type UserRow, updateUser } from './users.repository.ts';

type PasswordChangeInput = z.output<typeof passwordChangeSchema>;

/** The link that takes a chosen password into use on an account without one works once, for 24 hours. */
const PASSWORD_SET_LINK_TTL_MS = 24 * 3_600_000;
const PASSWORD_LINK_REFUSED = 'This link has expired or was already used';

/** A stolen session must not guess the current password: 10 wrong ones per account in 15 minutes. */
const currentPasswordLimits = (userId: string) => [
  { key: `password-change-failures:user:${userId}`, max: 10, windowMs: 15 * 60_000 },
];

const wrongCurrent = () => validationError({ current_password: PASSWORD_MESSAGES.currentWrong });

type PasswordChangeResult = { kind: 'changed'; jwt: string } | { kind: 'confirmation_sent'; detail: string };

/**
 * POST /users/client/me/password (issue 34 item 1). With a password: the current one is checked, the new one is
 * taken into use at once, every other session and event stream of the student ends (the token version moves,
 * decisions 002 and 027) and this browser gets a fresh token. Without one (an account made by Sign in with
 * Google, decision 040): the new password waits, and a link mailed to the account e-mail takes it into use, so a
 * session left open on a shared computer cannot give the account a password its owner does not know.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: PasswordChangeInput,
): Promise<PasswordChangeResult> {
  if (user.passwordHash === null) return mailPasswordSetLink(ctx, user, input.new_password);
  const current = input.current_password ?? '';
  if (current.length === 0) throw validationError({ current_password: PASSWORD_MESSAGES.currentRequired });
  await limitFailures(
    ctx.database.db,
    currentPasswordLimits(user.id),
    (err) => err instanceof AppError && err.errorType === 'validation',
    async () => {
      if (!(await verifyPassword(user.passwordHash, current))) throw wrongCurrent();
    },
  );
  const passwordHash = await hashPassword(input.new_password);
  const changed = await ctx.database.db.transaction((tx) => takeNewPassword(tx, user.id, passwordHash));
  return {
    kind: 'changed',
    jwt: await ctx.tokens.sign({ userId: changed.id, tokenVersion: changed.tokenVersion }),
  };
}

/**
 * Every way a password is taken into use by its owner ends with this, in the transaction of the change: the
 * password, no pending restored or mailed one left, and every session revoked (the trigger on token_version ends
 * the streams on every process, decision 027). Further consequences of a credential change belong here.
 */
async function takeNewPassword(tx: Db, userId: string, passwordHash: string): Promise<UserRow> {
  const row = await lockUser(tx, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  await updateUser(tx, userId, {
    passwordHash,
    pendingPasswordHash: null,
    pendingPasswordExpiresAt: null,
    passwordSetHash: null,
    passwordSetTokenHash: null,
    passwordSetExpiresAt: null,
  });
  // Decision 051: a new token version (every session and mailed link ends, the log-in key changes) and mail back
  // to the account e-mail.
  return resetAccountAccess(tx, userId);
}

async function mailPasswordSetLink(
  ctx: AppContext,
  user: UserRow,
  newPassword: string,
): Promise<PasswordChangeResult> {
  const token = randomBytes(32).toString('base64url');
  const passwordSetHash = await hashPassword(newPassword);
  const href = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/set-password/${token}`;
  const { html, text } = renderMail({
    preview: 'Confirm the password you chose for Geekly.',
    heading: 'Set your Geekly password',
    paragraphs: [
      'You chose a password for your Geekly account, which you have so far entered with Google.',
      'Press the button within 24 hours to start using it. Google keeps working too.',
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
    button: { label: 'Set my password', href },
  });
  await ctx.database.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      passwordSetHash,
      passwordSetTokenHash: hashToken(token),
      passwordSetExpiresAt: new Date(ctx.now().getTime() + PASSWORD_SET_LINK_TTL_MS),
    });
    await ctx.mailer.enqueue(tx, { to: user.email, subject: 'Set your Geekly password', text, html });
  });
  ctx.mailer.kick();
  return { kind: 'confirmation_sent', detail: PASSWORD_MESSAGES.confirmationSent };
}

/**
 * POST /users/client/me/password/confirm: the mailed link's token takes the chosen password into use (once, within
 * 24 hours; no session needed, the mail may be opened on another device). Every session ends; when the browser
 * that confirms is signed in to this same account it gets a fresh token, as after a change.
 */
export async function confirmPasswordSet(
  ctx: AppContext,
  token: string,
  callerUserId: string | null,
): Promise<{ jwt: string | null }> {
  const changed = await ctx.database.db.transaction(async (tx) => {
    const row = await lockUserByPasswordSetToken(tx, hashToken(token), ctx.now());
    if (!row?.passwordSetHash) return null;
    return takeNewPassword(tx, row.id, row.passwordSetHash);
  });
  if (!changed) throw new AppError('NOT_FOUND', PASSWORD_LINK_REFUSED);
  if (callerUserId !== changed.id) return { jwt: null };
  return { jwt: await ctx.tokens.sign({ userId: changed.id, tokenVersion: changed.tokenVersion }) };
}
