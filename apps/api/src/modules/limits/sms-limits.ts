import type { AppContext } from '../../app-context.ts';
import { giveBackQuota, takeQuota } from './quotas.ts';
import { usageLimits } from './usage-limits.ts';

/**
 * Decision 030: an SMS code costs money, so it is limited per account, per phone number and per client address
 * (an attacker with many accounts, or many numbers, still meets one of them). Checked in that order; a refusal
 * is a 429 with Retry-After, and what a refused send had taken from an earlier limit stays taken.
 */
type SmsSender = { userId: string; phone: string; ip: string };

/** Each limit an SMS code counts against, with the key it is counted by (decision 052 adds the account's phone). */
function smsQuotas(ctx: AppContext, who: SmsSender) {
  const limits = usageLimits(ctx.config);
  return [
    [limits.smsPerAccount, who.userId],
    [limits.smsPerAccountPhone, `${who.userId}|${who.phone}`],
    [limits.smsPerPhone, who.phone],
    [limits.smsPerAddress, who.ip],
  ] as const;
}

export async function takeSmsQuotas(ctx: AppContext, who: SmsSender) {
  for (const [limit, key] of smsQuotas(ctx, who)) await takeQuota(ctx.database.db, limit, key);
}

/** A send that failed on the provider's side costs the student nothing: each limit gets its count back. */
export async function giveBackSmsQuotas(ctx: AppContext, who: SmsSender) {
  for (const [limit, key] of smsQuotas(ctx, who)) await giveBackQuota(ctx.database.db, limit, key);
}
