import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { countAttempt, uncountAttempt } from './attempt-counters.repository.ts';

export type AttemptLimit = { key: string; max: number; windowMs: number };

const WINDOW_MS = 15 * 60_000;

/**
 * Decision 028: the log-in limits, in failures per 15 minutes. A campus behind one address shares the address
 * limit, so it is the loosest; the e-mail limit stops one account being tried from many addresses.
 */
export function clientLogInLimits(ip: string, email: string | null): AttemptLimit[] {
  return [
    { key: `login-failures:ip:${ip}`, max: 50, windowMs: WINDOW_MS },
    ...(email === null
      ? []
      : [
          { key: `login-failures:ip-email:${ip}|${email}`, max: 10, windowMs: WINDOW_MS },
          { key: `login-failures:email:${email}`, max: 20, windowMs: WINDOW_MS },
        ]),
  ];
}

/** Decision 047: a Geek's workspace log-in has the students' limits, counted apart from theirs. */
export function geekLogInLimits(ip: string, email: string): AttemptLimit[] {
  return clientLogInLimits(ip, email).map((l) => ({ ...l, key: `geek-${l.key}` }));
}

/** The back office's log-in (POST /ops/session): per address and per e-mail. */
export function staffLogInLimits(ip: string, email: string): AttemptLimit[] {
  return [
    { key: `staff-login-failures:ip:${ip}`, max: 10, windowMs: WINDOW_MS },
    { key: `staff-login-failures:email:${email}`, max: 10, windowMs: WINDOW_MS },
  ];
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
 * Runs `attempt` under `limits`, counting only the attempts that fail (`isFailure`). Each attempt is counted
 * before it runs — so of many concurrent ones no more than `max` get through — and taken back when it does not
 * fail. Over a limit, the attempt is refused with 429 and Retry-After without being tried (and not counted).
 */
export async function limitFailures<T>(
  db: Db,
  limits: AttemptLimit[],
  isFailure: (err: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  const keys = limits.map((l) => l.key);
  const counts = await countAttempt(db, limits);
  const over = counts.filter((c, i) => c.hits > (limits[i]?.max ?? 0));
  if (over.length > 0) {
    await uncountAttempt(db, keys);
    throw tooManyAttempts(Math.max(...over.map((c) => c.ttlMs)));
  }
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    if (!isFailure(err)) await uncountAttempt(db, keys);
    throw err;
  }
  await uncountAttempt(db, keys);
  return result;
}
