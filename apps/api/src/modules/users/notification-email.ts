import { randomBytes } from 'node:crypto';
import { USER_MESSAGES } from '@geekly/domain/users/user-schemas.ts';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { limitFailures } from '../auth/attempt-limits.ts';
import { hashToken } from '../auth/login-tokens.ts';
import { verifyPassword } from '../auth/password.ts';
import { insertUndoToken, spendUndoToken, type UndoTarget } from './notification-email-undo.repository.ts';
import { resetAccountAccess } from './reset-account-access.ts';
import { confirmPendingNotificationEmail, type NewUserRow, type UserRow } from './users.repository.ts';

/** Decision 028: a link confirming a new notification e-mail works once, for 24 hours. */
const NOTIFICATION_EMAIL_CONFIRM_TTL_MS = 24 * 3_600_000;

const CONFIRM_LINK_REFUSED = 'This link has expired or was already used';

const noPending = {
  pendingNotificationEmail: null,
  pendingNotificationTokenHash: null,
  pendingNotificationExpiresAt: null,
} satisfies Partial<NewUserRow>;

/**
 * What a PATCH of `notification_email` changes (decision 028). Mail carries one-time log-in links, so it goes
 * only to an address the user has shown they read: the account e-mail (where restored passwords go too) is
 * taken at once; another address waits, pending, for its confirmation link, and mail keeps going to the
 * confirmed one. Saving the confirmed address again drops a pending change. Answers the row changes and, for a
 * pending address, the token its confirmation mail carries.
 */
export function notificationEmailChange(ctx: AppContext, user: UserRow, email: string) {
  if (email === user.notificationEmail) return { changes: noPending, confirmToken: null };
  if (email === user.email)
    return { changes: { ...noPending, notificationEmail: email }, confirmToken: null };
  const confirmToken = randomBytes(32).toString('base64url');
  return {
    changes: {
      pendingNotificationEmail: email,
      pendingNotificationTokenHash: hashToken(confirmToken),
      pendingNotificationExpiresAt: new Date(ctx.now().getTime() + NOTIFICATION_EMAIL_CONFIRM_TTL_MS),
    } satisfies Partial<NewUserRow>,
    confirmToken,
  };
}

/** The confirmation mail, to the new address, in the caller's transaction. It logs nobody in. */
export async function queueConfirmationMail(ctx: AppContext, tx: Db, email: string, token: string) {
  const href = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/confirm-email/${token}`;
  const { html, text } = renderMail({
    preview: 'Confirm this address to get the news about your Geekly tasks here.',
    heading: 'Confirm your e-mail for notifications',
    paragraphs: [
      'You asked us to send the news about your Geekly tasks to this address.',
      'Press the button within 24 hours to confirm it. Until then, we keep writing to the address we used before.',
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
    button: { label: 'Confirm e-mail', href },
  });
  await ctx.mailer.enqueue(tx, {
    to: email,
    subject: 'Confirm your e-mail for Geekly notifications',
    text,
    html,
  });
}

/**
 * POST /users/client/notification-email/confirm: the link's token makes its address the notification e-mail, and
 * the account e-mail is told, with the undo link (decision 051).
 */
export async function confirmNotificationEmail(ctx: AppContext, token: string) {
  const row = await ctx.database.db.transaction(async (tx) => {
    const confirmed = await confirmPendingNotificationEmail(tx, hashToken(token), ctx.now());
    if (confirmed) await queueRedirectionNotice(ctx, tx, confirmed, 'confirmed');
    return confirmed;
  });
  if (!row) throw new AppError('NOT_FOUND', CONFIRM_LINK_REFUSED);
  ctx.mailer.kick();
  return { notification_email: row.notificationEmail };
}

/** Decision 051: how long the undo link mailed to the account e-mail works. */
const NOTIFICATION_EMAIL_UNDO_TTL_MS = 7 * 24 * 3_600_000;
/** A session younger than this counts as a fresh log-in for an account with no password (Google's). */
const FRESH_LOG_IN_MS = 10 * 60_000;
const WRONG_PASSWORD_LIMIT = { max: 10, windowMs: 15 * 60_000 };

/**
 * Decision 051: mail carries log-in links, so a stolen session alone must not send it elsewhere. The account's
 * password is asked for (wrong ones limited per account, like log-ins); an account with no password (made by
 * Google) needs a session opened in the last 10 minutes.
 */
export async function assertMayRedirectMail(
  ctx: AppContext,
  user: UserRow,
  password: string | undefined,
  sessionIssuedAt: number | null,
) {
  const hash = user.passwordHash;
  if (!hash) {
    const fresh = sessionIssuedAt !== null && ctx.now().getTime() - sessionIssuedAt * 1000 < FRESH_LOG_IN_MS;
    if (!fresh) throw validationError({ password: USER_MESSAGES.notificationFreshLogIn });
    return;
  }
  if (!password) throw validationError({ password: USER_MESSAGES.notificationPasswordRequired });
  const wrong = validationError({ password: USER_MESSAGES.incorrectPassword });
  await limitFailures(
    ctx.database.db,
    [{ key: `mail-redirect-password:${user.id}`, ...WRONG_PASSWORD_LIMIT }],
    (err) => err === wrong,
    async () => {
      if (!(await verifyPassword(hash, password))) throw wrong;
    },
  );
}

/**
 * Decision 051: the account e-mail and the address mail goes to (until now, for a confirmed change), when another,
 * hear of a change asked or confirmed, with a one-click undo (`/undo-email/{token}`), in the caller's transaction. These mails carry no
 * log-in link.
 */
export async function queueRedirectionNotice(
  ctx: AppContext,
  tx: Db,
  user: UndoTarget & { email: string; notificationEmail: string; previousNotificationEmail?: string },
  what: 'asked' | 'confirmed',
  newAddress = user.notificationEmail,
) {
  const token = randomBytes(32).toString('base64url');
  await insertUndoToken(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(ctx.now().getTime() + NOTIFICATION_EMAIL_UNDO_TTL_MS),
  });
  const href = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/undo-email/${token}`;
  const { html, text } = renderMail({
    preview:
      what === 'asked'
        ? `Someone asked to send your Geekly mail to ${newAddress}.`
        : `Your Geekly mail now goes to ${newAddress}.`,
    heading: what === 'asked' ? 'A new address for your mail' : 'Your mail goes to a new address',
    paragraphs: [
      what === 'asked'
        ? `Someone signed in to your Geekly account asked to send the news about your tasks to ${newAddress}. It takes effect when the link we sent there is opened.`
        : `From now on, the news about your Geekly tasks goes to ${newAddress}.`,
      'If this was you, there is nothing to do.',
      'If it was not you, press the button: your mail comes back to this address, and every device signed in to your account is logged out. Within 7 days.',
    ],
    button: { label: 'Undo the change', href },
  });
  // Asked: the account e-mail and where mail goes now. Confirmed: the account e-mail and where it went until now.
  const to = new Set([
    user.email,
    what === 'asked' ? user.notificationEmail : (user.previousNotificationEmail ?? user.email),
  ]);
  for (const address of to)
    await ctx.mailer.enqueue(tx, {
      to: address,
      subject:
        what === 'asked'
          ? 'Someone asked to send your Geekly mail elsewhere'
          : 'Your Geekly mail goes to a new address',
      text,
      html,
    });
}

/**
 * POST /users/client/notification-email/undo: the undo link's token (no session needed: the mail may be read
 * anywhere) brings mail back to the account e-mail and logs every device out (`resetAccountAccess`).
 */
export async function undoNotificationEmailChange(ctx: AppContext, token: string) {
  const row = await ctx.database.db.transaction(async (tx) => {
    const target = await spendUndoToken(tx, hashToken(token), ctx.now());
    return target ? resetAccountAccess(tx, target.id) : undefined;
  });
  if (!row) throw new AppError('NOT_FOUND', CONFIRM_LINK_REFUSED);
  return { notification_email: row.notificationEmail };
}
