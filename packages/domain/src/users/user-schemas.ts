import { z } from 'zod';
import { userdefSchema } from './student-profile.ts';

// docs/product/account.md. emailRequired and passwordRequired are ours: the spec only says both are required.
export const USER_MESSAGES = {
  emailFormat: 'Oops, check your email format',
  emailRequired: 'Please, enter your email',
  passwordRequired: 'Please, enter your password',
  passwordBlank: 'Your password must have at least one character that is not a space',
  passwordNonLatin: 'Non-Latin characters are not allowed',
  // Ours (decision 028): the specs give no length rule.
  passwordTooShort: 'Your password must have at least 8 characters',
  phoneFormat: 'Phone number format is incorrect',
  // What the forms show for the server's answers (docs/product/account.md).
  userNotFound: 'User not found. Please Sign up',
  incorrectPassword: 'Incorrect password',
  userExists: 'User exists, please try to Log in',
  phoneExists: 'Phone number already exists',
  restoredTitle: 'Restored',
  restoredText: 'New Password was sent. Please check your email',
  // Ours (decision 051): mail with log-in links goes elsewhere only after the password (or a fresh log-in).
  notificationPasswordRequired: 'Enter your password to send your mail to another address',
  notificationFreshLogIn: 'Please log out and log in again to send your mail to another address',
} as const;

export const normalizeEmail = (s: string) => s.trim().toLowerCase();

const optionalText = z.string().max(2000).optional();

/**
 * docs/product/account.md: e-mails are trimmed, lower-cased and format-checked. trim() and toLowerCase() rewrite the
 * value in place, so this stays a plain string schema (JSON Schema and OpenAPI can describe it).
 */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, USER_MESSAGES.emailFormat)
  .regex(z.regexes.email, USER_MESSAGES.emailFormat);

const requiredEmail = z.string().trim().min(1, USER_MESSAGES.emailRequired).pipe(emailField);

/**
 * Decision 028 (NIST SP 800-63B): a new password is judged by its length, at least 8 characters, with no
 * composition rules. Existing passwords keep logging in whatever their length.
 */
const PASSWORD_MIN_LENGTH = 8;

// docs/product/account.md "Latin only": printable ASCII letters, digits, punctuation and spaces.
const isLatin = (p: string) => /^[\x20-\x7E]*$/.test(p);

/** A password a client chooses (sign-up, and any later password change): the one rule, for the form and the API. */
export const newPasswordField = z
  .string()
  .max(128)
  .refine((p) => p.trim().length > 0, USER_MESSAGES.passwordBlank)
  .refine(isLatin, USER_MESSAGES.passwordNonLatin)
  // One message at a time: a blank or non-Latin password is told that first.
  .refine(
    (p) => p.trim().length === 0 || !isLatin(p) || p.length >= PASSWORD_MIN_LENGTH,
    USER_MESSAGES.passwordTooShort,
  );

export const signUpSchema = z.object({
  email: emailField,
  password: newPasswordField,
  profile_landing: optionalText,
  profile_landing_query: optionalText,
  referred_by: z.string().max(100).optional(),
  host: optionalText,
  timezone_str: z.string().max(100).optional(),
});

/** POST /factor_auth (docs/product/http-api.md). For factor 'login' the value is the e-mail and the code the password. */
export const logInSchema = z
  .object({
    type: z.literal('check_code'),
    factor: z.enum(['login', 'token', 'key']),
    value: z.string().trim().min(1, USER_MESSAGES.emailRequired).max(500),
    code: z.string().max(128).optional(),
    get_user: z.boolean().optional(),
    timezone_str: z.string().max(100).optional(),
    host: optionalText,
  })
  // Before the transform, so an empty e-mail and an empty password are reported together.
  .superRefine((v, ctx) => {
    if (v.factor === 'login' && !v.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: USER_MESSAGES.passwordRequired });
    }
  })
  // docs/product/account.md: the log-in e-mail is lower-cased; tokens and keys keep their case.
  .transform((v) => (v.factor === 'login' ? { ...v, value: normalizeEmail(v.value) } : v));

/**
 * POST /users/client/me/password (issue 34). `current_password` is required of an account that has a password;
 * an account made by Sign in with Google (no password yet) sends only the new one, which is taken into use by the
 * link mailed to the account's e-mail.
 */
export const passwordChangeSchema = z.object({
  current_password: z.string().max(128).optional(),
  new_password: newPasswordField,
});

export const PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is not correct',
  changed: 'Your password was changed. You stay logged in here; every other device was logged out.',
  confirmationSent: 'We sent a link to your email. Open it within 24 hours to set your password.',
} as const;

export const restoreSchema = z.object({
  email: requiredEmail,
  host: optionalText,
});

/** docs/product/account.md: the 15 phone countries. `9` marks a digit in a mask. */
export const PHONE_COUNTRIES = [
  // docs/product/account.md says the masks hold 9 digits for US, Canada, UK and Australia and fewer elsewhere, but a real
  // US or Canadian number has 10 national digits and a UK one 9 or 10: the masks follow the longest real
  // national significant number (US/CA 10, GB 10, AU 9, NZ 9, SG 8, KR 10, HK 8, AE 9, SA 9, QA 8, KW 8, BH 8,
  // YE 9, OM 8) so that real numbers fit; SHORTEST_NATIONAL_DIGITS lets in the shorter ones (decision 044).
  { countryCode: 'US', name: 'United States', phoneCode: '+1', phoneMask: '(999) 999-9999' },
  { countryCode: 'CA', name: 'Canada', phoneCode: '+1', phoneMask: '(999) 999-9999' },
  { countryCode: 'GB', name: 'United Kingdom', phoneCode: '+44', phoneMask: '9999 999999' },
  { countryCode: 'AU', name: 'Australia', phoneCode: '+61', phoneMask: '999 999 999' },
  { countryCode: 'NZ', name: 'New Zealand', phoneCode: '+64', phoneMask: '99 999 9999' },
  { countryCode: 'SG', name: 'Singapore', phoneCode: '+65', phoneMask: '9999 9999' },
  { countryCode: 'KR', name: 'South Korea', phoneCode: '+82', phoneMask: '99 9999 9999' },
  { countryCode: 'HK', name: 'Hong Kong', phoneCode: '+852', phoneMask: '9999 9999' },
  { countryCode: 'AE', name: 'United Arab Emirates', phoneCode: '+971', phoneMask: '99 999 9999' },
  { countryCode: 'SA', name: 'Saudi Arabia', phoneCode: '+966', phoneMask: '99 999 9999' },
  { countryCode: 'QA', name: 'Qatar', phoneCode: '+974', phoneMask: '9999 9999' },
  { countryCode: 'KW', name: 'Kuwait', phoneCode: '+965', phoneMask: '9999 9999' },
  { countryCode: 'BH', name: 'Bahrain', phoneCode: '+973', phoneMask: '9999 9999' },
  { countryCode: 'YE', name: 'Yemen', phoneCode: '+967', phoneMask: '999 999 999' },
  { countryCode: 'OM', name: 'Oman', phoneCode: '+968', phoneMask: '9999 9999' },
] as const;

type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export type PhoneCountryCode = PhoneCountry['countryCode'];
const COUNTRY_CODES = PHONE_COUNTRIES.map((c) => c.countryCode) as [PhoneCountryCode, ...PhoneCountryCode[]];

export const maskDigitCount = (mask: string) => mask.replace(/[^9]/g, '').length;

/**
 * Decision 044: a UK national number has 10 digits, or 9 for some geographic (016977 …) and freephone
 * (0800 …) numbers; every other listed country has one length, its mask's.
 */
const SHORTEST_NATIONAL_DIGITS: Partial<Record<PhoneCountryCode, number>> = { GB: 9 };

/** How many national digits a phone of the country may have: [shortest, longest]. */
export function nationalDigitRange(country: PhoneCountry): readonly [number, number] {
  const longest = maskDigitCount(country.phoneMask);
  return [SHORTEST_NATIONAL_DIGITS[country.countryCode] ?? longest, longest];
}

/** The shared phone check (docs/product/account.md): an optional plus, then 4 to 14 digits. */
export const isPhoneFormatValid = (phone: string) => /^\+?\d{4,14}$/.test(phone);

/**
 * docs/product/account.md: the phone's digits must number as many as the selected country's mask (or, for the UK, 9 or 10,
 * decision 044). The phone is stored as E.164 (+{code}{national digits}), so the country code is stripped
 * before counting.
 */
export function phoneMatchesCountry(phone: string, countryCode: string): boolean {
  const country = PHONE_COUNTRIES.find((c) => c.countryCode === countryCode);
  if (!country) return false;
  const digits = phone.replace(/^\+/, '');
  const code = country.phoneCode.slice(1);
  if (!digits.startsWith(code)) return false;
  const [shortest, longest] = nationalDigitRange(country);
  const national = digits.length - code.length;
  return national >= shortest && national <= longest;
}

/** PATCH /users/client/me (docs/product/http-api.md): the profile settings a client may change. */
export const profilePatchSchema = z
  .object({
    phone: z.string().trim().refine(isPhoneFormatValid, USER_MESSAGES.phoneFormat).optional(),
    country: z.enum(COUNTRY_CODES).optional(),
    notification_email: emailField.optional(),
    /** Decision 051: the account's password, needed to send mail to an address other than the account e-mail. */
    password: z.string().max(200).optional(),
    onBoardingEventSentAt: z.iso.datetime({ offset: true }).optional(),
    /** docs/product/account.md userdef: banner state (decision 017). */
    userdef: userdefSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    // A phone with a bad format already has its issue; report the mask mismatch only for a well-formed one.
    if (v.phone && v.country && isPhoneFormatValid(v.phone) && !phoneMatchesCountry(v.phone, v.country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: USER_MESSAGES.phoneFormat });
    }
  });
