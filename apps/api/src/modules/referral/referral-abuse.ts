import type { Db } from '../../db/database.ts';
import { findReferrer, sharesWithReferralCircle } from './referral.repository.ts';

/**
 * One mailbox under several addresses: lower-cased, '+tag' dropped, and for Gmail the dots too
 * ('a.b+x@gmail.com' and 'ab@googlemail.com' are one inbox).
 */
function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const base = local.split('+')[0] ?? '';
  return `${gmail ? base.replaceAll('.', '') : base}@${gmail ? 'gmail.com' : domain}`;
}

/**
 * isReferralAbuser (docs/product/account.md, decisions 017 and 029): a referred client who is really the referrer or another
 * account of someone the referrer invited — the same mailbox as the referrer (self-referral), or a payment card,
 * a browser (its device cookie) or a verified phone shared with the referrer or with any other account invited
 * with the same code. It withholds the bonus.
 */
export async function isReferralAbuser(
  db: Db,
  client: { id: string; email: string; notificationEmail: string; referredBy: string | null },
): Promise<boolean> {
  const referrer = await findReferrer(db, client.referredBy, client.id);
  if (!referrer || !client.referredBy) return false;
  const theirs = new Set([mailboxOf(referrer.email), mailboxOf(referrer.notificationEmail)]);
  if (theirs.has(mailboxOf(client.email)) || theirs.has(mailboxOf(client.notificationEmail))) return true;
  return sharesWithReferralCircle(db, client.id, client.referredBy);
}
