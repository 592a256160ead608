import { z } from 'zod';

// Seed 001 §5 and §8.
export const USER_MESSAGES = {
  emailFormat: 'Oops, check your email format',
  emailRequired: 'Please, enter your email',
  passwordRequired: 'Please, enter your password',
  passwordBlank: 'Your password must have at least one character that is not a space',
  passwordNonLatin: 'Non-Latin characters are not allowed',
  phoneFormat: 'Phone number format is incorrect',
} as const;

export const normalizeEmail = (s: string) => s.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const optionalText = z.string().max(2000).optional();

export const emailField = z
  .string()
  .transform(normalizeEmail)
  .pipe(z.string().max(254, USER_MESSAGES.emailFormat).regex(EMAIL, USER_MESSAGES.emailFormat));

export const signUpSchema = z.object({
  email: emailField,
  password: z
    .string()
    .max(128)
    .refine((p) => p.trim().length > 0, USER_MESSAGES.passwordBlank)
    // "Latin only": printable ASCII letters, digits, punctuation and spaces.
    .refine((p) => /^[\x20-\x7E]*$/.test(p), USER_MESSAGES.passwordNonLatin),
  profile_landing: optionalText,
  profile_landing_query: optionalText,
  referred_by: z.string().max(100).optional(),
  host: optionalText,
  timezone_str: z.string().max(100).optional(),
});

export const logInSchema = z
  .object({
    type: z.literal('check_code'),
    factor: z.enum(['login', 'token', 'key']),
    value: z.string().trim().max(500).min(1, USER_MESSAGES.emailRequired),
    code: z.string().max(128).optional(),
    get_user: z.boolean().optional(),
    timezone_str: z.string().max(100).optional(),
    host: optionalText,
  })
  .transform((v) => (v.factor === 'login' ? { ...v, value: normalizeEmail(v.value) } : v))
  .superRefine((v, ctx) => {
    if (v.factor === 'login' && !v.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: USER_MESSAGES.passwordRequired });
    }
  });

export const restoreSchema = z.object({
  email: z.string().trim().min(1, USER_MESSAGES.emailRequired).pipe(emailField),
  host: optionalText,
});

/** Seed 001 §3: the 15 phone countries. `9` marks a digit in a mask. */
export const PHONE_COUNTRIES = [
  // The seed says the masks hold 9 digits for US, Canada, UK and Australia, but real US, Canadian and UK
  // numbers have 10 national digits: the masks follow the real numbering plans so real numbers fit.
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

export type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]['countryCode'];
const COUNTRY_CODES = PHONE_COUNTRIES.map((c) => c.countryCode) as [PhoneCountryCode, ...PhoneCountryCode[]];

export const maskDigitCount = (mask: string) => mask.replace(/[^9]/g, '').length;

/** The shared phone check (seed 001 §5): an optional plus, then 4 to 14 digits. */
export const isPhoneFormatValid = (phone: string) => /^\+?\d{4,14}$/.test(phone);

/** A phone stored as +{code}{digits} has exactly as many national digits as the country's mask. */
export function phoneMatchesCountry(phone: string, countryCode: string): boolean {
  const country = PHONE_COUNTRIES.find((c) => c.countryCode === countryCode);
  if (!country) return false;
  const digits = phone.replace(/^\+/, '');
  const code = country.phoneCode.slice(1);
  if (!digits.startsWith(code)) return false;
  return digits.length - code.length === maskDigitCount(country.phoneMask);
}

export const profilePatchSchema = z
  .object({
    phone: z.string().trim().refine(isPhoneFormatValid, USER_MESSAGES.phoneFormat).optional(),
    country: z.enum(COUNTRY_CODES).optional(),
    notification_email: emailField.optional(),
    onBoardingEventSentAt: z.iso.datetime().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.phone && v.country && !phoneMatchesCountry(v.phone, v.country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: USER_MESSAGES.phoneFormat });
    }
  });
