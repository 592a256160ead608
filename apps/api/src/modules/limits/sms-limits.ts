import type { AppContext } from '../../app-context.ts';
import { giveBackQuota, takeQuota } from './quotas.ts';
import { usageLimits } from './usage-limits.ts';

/**
 * Decision 030: an SMS code costs money, so it is limited per account, per phone number and per client address
 * (an attacker with many accounts, or many numbers, still meets one of them). Checked in that order; a refusal
 * is a 429 with Retry-After, and what a refused send had taken from an earlier limit stays taken.
 */
export async function takeSmsQuotas(ctx: AppContext, who: { userId: string; phone: string; ip: string }) {
  const limits = usageLimits(ctx.config);
  const db = ctx.database.db;
  await takeQuota(db, limits.smsPerAccount, who.userId);
  await takeQuota(db, limits.smsPerAccountPhone, `${who.userId}|${who.phone}`);
  await takeQuota(db, limits.smsPerPhone, who.phone);
  await takeQuota(db, limits.smsPerAddress, who.ip);
}

/** A send that failed on the provider's side costs the student nothing: each limit gets its count back. */
export async function giveBackSmsQuotas(ctx: AppContext, who: { userId: string; phone: string; ip: string }) {
  const limits = usageLimits(ctx.config);
  const db = ctx.database.db;
  await giveBackQuota(db, limits.smsPerAccount, who.userId);
  await giveBackQuota(db, limits.smsPerPhone, who.phone);
  await giveBackQuota(db, limits.smsPerAddress, who.ip);
}
