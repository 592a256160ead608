import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  claimDelayedAttempt,
  clearDelay,
  countAttempt,
  type DelayCounter,
  releaseDelayedAttempt,
  uncountAttempt,
} from './attempt-counters.repository.ts';

type AttemptLimit = { key: string; max: number; windowMs: number };

/**
 * What guards one kind of log-in: fixed-window failure counts (`limits`) and, per address and e-mail, a
 * growing delay (`delay`, decision 052).
 */
type LogInGuard = { limits: AttemptLimit[]; delay?: DelayCounter };

const WINDOW_MS = 15 * 60_000;

/**
 * Decision 052 (was 028's per-e-mail lockout): the owner is never locked out by someone else's guesses. One
 * (address, e-mail) gets 5 free failures, then waits 30 s, 1 min, 2 min… up to an hour between tries; another
 * address, one that has not failed, logs in at once. An address trying many e-mails (a campus shares one, so the
 * loosest) is still limited to 50 failures per 15 minutes.
 */
export function clientLogInLimits(ip: string, email: string | null): LogInGuard {
  return {
    limits: [{ key: `login-failures:ip:${ip}`, max: 50, windowMs: WINDOW_MS }],
    ...(email === null ? {} : { delay: { key: `login-delay:${ip}|${email}`, freeFailures: 5 } }),
  };
}

/** Decision 047: a Geek's workspace log-in has the students' limits, counted apart from theirs. */
export function geekLogInLimits(ip: string, email: string): LogInGuard {
  const guard = clientLogInLimits(ip, email);
  return {
    limits: guard.limits.map((l) => ({ ...l, key: `geek-${l.key}` })),
    ...(guard.delay ? { delay: { ...guard.delay, key: `geek-${guard.delay.key}` } } : {}),
  };
}

/** The back office's log-in (POST /ops/session): per address, and a growing delay per address and e-mail. */
export function staffLogInLimits(ip: string, email: string): LogInGuard {
  return {
    limits: [{ key: `staff-login-failures:ip:${ip}`, max: 10, windowMs: WINDOW_MS }],
    delay: { key: `staff-login-delay:${ip}|${email}`, freeFailures: 3 },
  };
}

export function tooManyAttempts(retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { errorType: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
  );
}

/**
 * Runs `attempt` under a guard, counting only the attempts that fail (`isFailure`). Each attempt is counted
 * before it runs — so of many concurrent ones no more than allowed get through — and taken back when it does not
 * fail; a success also clears the growing delay. Over a limit, or while the delay runs, the attempt is refused
 * with 429 and Retry-After without being tried (and not counted).
 */
export async function limitFailures<T>(
  db: Db,
  guard: LogInGuard | AttemptLimit[],
  isFailure: (err: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  const { limits, delay } = Array.isArray(guard) ? { limits: guard, delay: undefined } : guard;
  const keys = limits.map((l) => l.key);
  const counts = limits.length > 0 ? await countAttempt(db, limits) : [];
  const over = counts.filter((c, i) => c.hits > (limits[i]?.max ?? 0));
  if (over.length > 0) {
    await uncountAttempt(db, keys);
    throw tooManyAttempts(Math.max(...over.map((c) => c.ttlMs)));
  }
  const waiting = delay ? await claimDelayedAttempt(db, delay) : null;
  if (waiting) {
    if (keys.length > 0) await uncountAttempt(db, keys);
    throw tooManyAttempts(waiting.waitMs);
  }
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    if (!isFailure(err)) {
      if (keys.length > 0) await uncountAttempt(db, keys);
      if (delay) await releaseDelayedAttempt(db, delay.key);
    }
    throw err;
  }
  if (keys.length > 0) await uncountAttempt(db, keys);
  if (delay) await clearDelay(db, delay.key);
  return result;
}
