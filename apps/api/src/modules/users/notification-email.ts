import { randomBytes } from 'node:crypto';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../auth/login-tokens.ts';
import { confirmPendingNotificationEmail, type NewUserRow, type UserRow } from './users.repository.ts';

/** Decision 028: a link confirming a new notification e-mail works once, for 24 hours. */
export const NOTIFICATION_EMAIL_CONFIRM_TTL_MS = 24 * 3_600_000;

export const CONFIRM_LINK_REFUSED = 'This link has expired or was already used';

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

/** POST /users/client/notification-email/confirm: the link's token makes its address the notification e-mail. */
export async function confirmNotificationEmail(ctx: AppContext, token: string) {
  const row = await confirmPendingNotificationEmail(ctx.database.db, hashToken(token), ctx.now());
  if (!row) throw new AppError('NOT_FOUND', CONFIRM_LINK_REFUSED);
  return { notification_email: row.notificationEmail };
}
