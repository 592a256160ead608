import type { Db } from '../../db/database.ts';
import { rateLimited } from '../../lib/app-error.ts';
import { counterResetsInMs, giveBackToCounter, takeFromCounter } from './quota.repository.ts';

/**
 * Decision 030: a limit on what costs storage, mail or SMS, counted in PostgreSQL (so it holds across API
 * processes) in a fixed window. `message` gets the wait in words ("12 minutes", "an hour").
 */
export type Quota = {
  name: string;
  max: number;
  windowMs: number;
  message: (wait: string) => string;
};

/** "a minute", "12 minutes", "an hour", "5 hours": the wait a refusal names, rounded up. */
function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes === 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/**
 * Takes `weight` from `quota` for `subject` (a user, a task, a phone number, an address), or refuses with a 429
 * that carries `Retry-After` and the app's message. A refused call takes nothing.
 */
export async function takeQuota(db: Db, quota: Quota, subject: string, weight = 1): Promise<void> {
  const key = `quota:${quota.name}:${subject}`;
  if (await takeFromCounter(db, { key, weight, max: quota.max, windowMs: quota.windowMs })) return;
  const resetsIn = (await counterResetsInMs(db, key)) || quota.windowMs;
  throw rateLimited(quota.message(waitInWords(resetsIn)), resetsIn);
}

/** Gives back what `takeQuota` took for `subject`, when the thing it paid for failed on our side (no SMS left). */
export async function giveBackQuota(db: Db, quota: Quota, subject: string, weight = 1): Promise<void> {
  await giveBackToCounter(db, `quota:${quota.name}:${subject}`, weight);
}
