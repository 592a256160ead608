import { ApiError } from '../../../lib/api-client.ts';

// docs/product/account.md: server texts shown as these messages.
const SHOWN: Record<string, string> = {
  "User wasn't find": 'User not found. Please Sign up',
  'Cant find code': 'Incorrect password',
  'Already exists email': 'User exists, please try to Log in',
  'User not found': 'User not found. Please Sign up',
};

/** null means: stop silently (the specs' UK block). */
export function authErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return 'Unknown error';
  if (error.type === 'blocked_country') return null;
  // Decision 028: the server says how long to wait ('… Please try again in 12 minutes.'); shown as it is.
  if (error.status === 429)
    return /^Too many attempts\. Please try again in .+\.$/.test(error.text)
      ? error.text
      : 'Too many attempts. Please try again later.';
  const fields = Object.values(error.fieldErrors);
  if (fields[0]) return fields[0];
  return SHOWN[error.text] ?? error.text;
}
