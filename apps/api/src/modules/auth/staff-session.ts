import type { SignOptions, VerifiedClaims } from './session-token.ts';

/**
 * Decision 027: a staff token lives 2 hours. A call made with a token older than 5 minutes is answered a renewed
 * one in this header, so a back office in use stays signed in; none lives past 12 hours from the log-in.
 * Revocation is the user row's token version, as for clients (decision 002).
 */
const STAFF_TOKEN_TTL_MS = 2 * 3_600_000;
const STAFF_RENEW_AFTER_MS = 5 * 60_000;
const STAFF_SESSION_MAX_MS = 12 * 3_600_000;
export const STAFF_TOKEN_HEADER = 'x-staff-token';

/** The life of a staff token signed at `now` for the log-in made at `authTime`. */
export function staffTokenOptions(authTime: Date, now: Date): SignOptions {
  const end = Math.min(now.getTime() + STAFF_TOKEN_TTL_MS, authTime.getTime() + STAFF_SESSION_MAX_MS);
  return { now, expiresAt: new Date(end), authTime };
}

/**
 * Whether a verified token is a staff token still alive at `now`: it carries its log-in time (the 365-day
 * tokens staff were given before decision 027 do not) and has not expired by the app's clock.
 */
export const isLiveStaffToken = (claims: VerifiedClaims, now: Date) =>
  claims.authTime !== null && claims.expiresAt * 1000 > now.getTime();

/** The renewed token's options when `claims` is old enough to renew and a renewal would outlive it; else null. */
export function staffRenewal(claims: VerifiedClaims, now: Date): SignOptions | null {
  if (claims.authTime === null || claims.issuedAt === null) return null;
  if (now.getTime() - claims.issuedAt * 1000 < STAFF_RENEW_AFTER_MS) return null;
  const options = staffTokenOptions(new Date(claims.authTime * 1000), now);
  return options.expiresAt.getTime() > claims.expiresAt * 1000 ? options : null;
}
