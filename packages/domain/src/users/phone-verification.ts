import { z } from 'zod';

/** Decision 018: the SMS code that confirms a referred client's phone (docs/product/account.md phone verification banner). */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODES_PER_HOUR = 5;

export const PHONE_CODE_MESSAGES = {
  format: 'Please enter the 6-digit code from the SMS',
  wrong: 'This code is not correct',
  expired: 'This code has expired. Please send a new one',
  tooManyAttempts: 'Too many wrong codes. Please send a new one',
  noPhone: 'Please add your phone number first',
  tooManySends: 'Too many codes were sent. Please try again in an hour',
  // Ours (decision 059): the SMS provider is down; the attempt is not counted.
  sendFailed: 'We could not send the SMS right now. Please try again in a few minutes',
} as const;

export const phoneCodeCheckSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), PHONE_CODE_MESSAGES.format),
});
