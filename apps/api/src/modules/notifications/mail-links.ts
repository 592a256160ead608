import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { issueLoginToken, loginLink } from '../auth/login-tokens.ts';

/** docs/product/tasks-and-pricing.md: the hash markers of links from e-mails. */
type MailMarker = 'ratingemail' | 'tips_external' | 'orderemail' | 'messagesemail';

/**
 * A mail's link (decision 020): a one-time log-in token leading to `path`, issued in the caller's transaction,
 * with the spec's hash marker of the kind of mail (when it has one). The path also rides along as `?to=`, so a
 * spent token still leads there after a password log-in (decision 024). Mail going to a notification e-mail other
 * than the account e-mail gets the page's plain address instead, which logs nobody in (decision 051): whoever
 * reads another address has not shown they own the account.
 */
export async function mailLink(ctx: AppContext, tx: Db, userId: string, path: string, marker?: MailMarker) {
  const hash = marker ? `#${marker}` : '';
  const [user] = await tx
    .select({ email: users.email, notificationEmail: users.notificationEmail })
    .from(users)
    .where(eq(users.id, userId));
  if (user && user.notificationEmail !== user.email)
    return `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}${path}${hash}`;
  const token = await issueLoginToken(tx, userId, path, ctx.now());
  return `${loginLink(ctx.config.PUBLIC_URL, token, path)}${hash}`;
}
