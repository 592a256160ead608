import type { Db } from '../../db/database.ts';
import { findReferrer, shareACard, shareADevice } from './referral.repository.ts';

/**
 * One mailbox under several addresses: lower-cased, '+tag' dropped, and for Gmail the dots too
 * ('a.b+x@gmail.com' and 'ab@googlemail.com' are one inbox).
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const base = local.split('+')[0] ?? '';
  return `${gmail ? base.replaceAll('.', '') : base}@${gmail ? 'gmail.com' : domain}`;
}

/**
 * isReferralAbuser (seed 001 §3, decision 017): a referred client who is really the referrer — the same
 * mailbox behind both accounts (self-referral), the same payment card used by both, or the same browser (its
 * device cookie) seen signing up or logging in to both. It withholds the bonus.
 */
export async function isReferralAbuser(
  db: Db,
  client: { id: string; email: string; notificationEmail: string; referredBy: string | null },
): Promise<boolean> {
  const referrer = await findReferrer(db, client.referredBy, client.id);
  if (!referrer) return false;
  const theirs = new Set([mailboxOf(referrer.email), mailboxOf(referrer.notificationEmail)]);
  if (theirs.has(mailboxOf(client.email)) || theirs.has(mailboxOf(client.notificationEmail))) return true;
  return (await shareADevice(db, client.id, referrer.id)) || shareACard(db, client.id, referrer.id);
}
