import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { issueLoginToken, loginLink } from '../auth/login-tokens.ts';

/** Seed 000 §2: the hash markers of links from e-mails. */
export type MailMarker = 'ratingemail' | 'tips_external' | 'orderemail' | 'messagesemail';

/**
 * A mail's link (decision 020): a one-time log-in token leading to `path`, issued in the caller's transaction,
 * with the seed's hash marker of the kind of mail (when it has one). The path also rides along as `?to=`, so a
 * spent token still leads there after a password log-in (decision 024).
 */
export async function mailLink(ctx: AppContext, tx: Db, userId: string, path: string, marker?: MailMarker) {
  const token = await issueLoginToken(tx, userId, path, ctx.now());
  return `${loginLink(ctx.config.PUBLIC_URL, token, path)}${marker ? `#${marker}` : ''}`;
}
