import { AppError } from '../../lib/app-error.ts';

// docs/product/account.md: access from blocked countries (default the UK) stops log-in and sign-up.
// The web app stops silently on this error type, as the specs say.
export function assertCountryAllowed(blocked: readonly string[], country: string | null): void {
  if (country && blocked.includes(country)) {
    throw new AppError('BLOCKED_COUNTRY', 'Not available in your country', { errorType: 'blocked_country' });
  }
}
