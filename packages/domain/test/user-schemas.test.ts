import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emailField,
  isPhoneFormatValid,
  logInSchema,
  maskDigitCount,
  normalizeEmail,
  PHONE_COUNTRIES,
  phoneMatchesCountry,
  profilePatchSchema,
  restoreSchema,
  signUpSchema,
  USER_MESSAGES,
} from '../src/users/user-schemas.ts';

type Issue = { message: string; path: PropertyKey[] };
const issues = (r: { error?: { issues: Issue[] } }) => r.error?.issues.map((i) => i.message) ?? [];
const issuesAt = (r: { error?: { issues: Issue[] } }, key: string) =>
  r.error?.issues.filter((i) => i.path[0] === key).map((i) => i.message) ?? [];

describe('the messages', () => {
  it('keep the spec wording', () => {
    expect(USER_MESSAGES).toMatchObject({
      emailFormat: 'Oops, check your email format',
      passwordBlank: 'Your password must have at least one character that is not a space',
      passwordNonLatin: 'Non-Latin characters are not allowed',
      phoneFormat: 'Phone number format is incorrect',
      userNotFound: 'User not found. Please Sign up',
      incorrectPassword: 'Incorrect password',
      userExists: 'User exists, please try to Log in',
      phoneExists: 'Phone number already exists',
    });
  });
});

describe('e-mail', () => {
  it('is trimmed and lower-cased', () => {
    expect(normalizeEmail('  Me@Example.COM ')).toBe('me@example.com');
    expect(emailField.parse('  Me@Example.COM ')).toBe('me@example.com');
  });
  it.each(['', '   ', 'nope', 'a@b', 'a b@c.com', '@b.com', 'a@.com', `${'a'.repeat(250)}@b.com`])(
    '%j has a bad format',
    (email) => {
      expect(issues(emailField.safeParse(email))).toEqual([USER_MESSAGES.emailFormat]);
    },
  );
  it.each(['a@b.co', 'first.last+tag@mail.example.org', "o'neil@uni.edu"])('%j is accepted', (email) => {
    expect(emailField.safeParse(email).success).toBe(true);
  });
  it('can be described as JSON Schema for the API docs', () => {
    expect(z.toJSONSchema(emailField)).toMatchObject({ type: 'string', maxLength: 254 });
  });
});

describe('signUpSchema', () => {
  it('accepts the sign-up fields and normalises the e-mail', () => {
    const input = {
      email: ' A@B.COM ',
      password: 'p a s s !@#$%^&*()_+{}~',
      profile_landing: '/homework-help',
      profile_landing_query: 'utm_source=x',
      referred_by: 'ABC123',
      host: 'geekly.example',
      timezone_str: 'America/New_York',
    };
    expect(signUpSchema.parse(input)).toEqual({ ...input, email: 'a@b.com' });
  });
  it.each([
    [{ email: '', password: 'abc' }, 'email', USER_MESSAGES.emailFormat],
    [{ email: 'nope', password: 'abc' }, 'email', USER_MESSAGES.emailFormat],
    [{ email: 'a@b.com', password: '' }, 'password', USER_MESSAGES.passwordBlank],
    [{ email: 'a@b.com', password: '   ' }, 'password', USER_MESSAGES.passwordBlank],
    [{ email: 'a@b.com', password: 'pässword' }, 'password', USER_MESSAGES.passwordNonLatin],
    [{ email: 'a@b.com', password: 'пароль' }, 'password', USER_MESSAGES.passwordNonLatin],
    [{ email: 'a@b.com', password: '密码密码' }, 'password', USER_MESSAGES.passwordNonLatin],
    [{ email: 'a@b.com', password: 'secret🙂' }, 'password', USER_MESSAGES.passwordNonLatin],
    [{ email: 'a@b.com', password: 'tab\there' }, 'password', USER_MESSAGES.passwordNonLatin],
    [{ email: 'a@b.com', password: 'x' }, 'password', USER_MESSAGES.passwordTooShort],
    [{ email: 'a@b.com', password: 'seven77' }, 'password', USER_MESSAGES.passwordTooShort],
    [{ email: 'a@b.com', password: '  seven' }, 'password', USER_MESSAGES.passwordTooShort],
  ])('%j -> %s: %s', (input, key, message) => {
    expect(issuesAt(signUpSchema.safeParse(input), key)).toEqual([message]);
  });
  it('takes a password of 8 characters, spaces included (decision 028)', () => {
    expect(USER_MESSAGES.passwordTooShort).toBe('Your password must have at least 8 characters');
    expect(signUpSchema.safeParse({ email: 'a@b.com', password: 'eight888' }).success).toBe(true);
    expect(signUpSchema.safeParse({ email: 'a@b.com', password: ' 7 chars' }).success).toBe(true);
  });
  it('caps the password at 128 characters', () => {
    expect(signUpSchema.safeParse({ email: 'a@b.com', password: 'x'.repeat(128) }).success).toBe(true);
    expect(signUpSchema.safeParse({ email: 'a@b.com', password: 'x'.repeat(129) }).success).toBe(false);
  });
});

describe('logInSchema', () => {
  const login = (value: string, code?: string) =>
    logInSchema.safeParse({ type: 'check_code', factor: 'login', value, code, get_user: true });

  it('trims and lower-cases the log-in e-mail', () => {
    expect(login(' Me@X.COM ', 'p').data?.value).toBe('me@x.com');
  });
  it('keeps the case of a token', () => {
    const r = logInSchema.parse({ type: 'check_code', factor: 'token', value: ' AbC ' });
    expect(r.value).toBe('AbC');
  });
  it('asks for the e-mail and the password, both at once', () => {
    expect(issuesAt(login('', 'p'), 'value')).toEqual([USER_MESSAGES.emailRequired]);
    expect(issuesAt(login('   ', 'p'), 'value')).toEqual([USER_MESSAGES.emailRequired]);
    expect(issuesAt(login('a@b.com'), 'code')).toEqual([USER_MESSAGES.passwordRequired]);
    expect(issuesAt(login('a@b.com', ''), 'code')).toEqual([USER_MESSAGES.passwordRequired]);
    expect(issues(login('', ''))).toEqual([USER_MESSAGES.emailRequired, USER_MESSAGES.passwordRequired]);
  });
  it('only takes check_code and the known factors', () => {
    expect(
      logInSchema.safeParse({ type: 'other', factor: 'login', value: 'a@b.com', code: 'p' }).success,
    ).toBe(false);
    expect(logInSchema.safeParse({ type: 'check_code', factor: 'sms', value: 'x' }).success).toBe(false);
  });
});

describe('restoreSchema', () => {
  it('asks for the e-mail, then for a good one', () => {
    expect(issues(restoreSchema.safeParse({ email: '' }))).toEqual([USER_MESSAGES.emailRequired]);
    expect(issues(restoreSchema.safeParse({ email: '  ' }))).toEqual([USER_MESSAGES.emailRequired]);
    expect(issues(restoreSchema.safeParse({ email: 'nope' }))).toEqual([USER_MESSAGES.emailFormat]);
    expect(restoreSchema.parse({ email: ' X@Y.com ', host: 'h' })).toEqual({ email: 'x@y.com', host: 'h' });
  });
});

describe('phone countries', () => {
  it('are the 15 of the spec, in its order', () => {
    expect(PHONE_COUNTRIES.map((c) => `${c.name} ${c.phoneCode}`)).toEqual([
      'United States +1',
      'Canada +1',
      'United Kingdom +44',
      'Australia +61',
      'New Zealand +64',
      'Singapore +65',
      'South Korea +82',
      'Hong Kong +852',
      'United Arab Emirates +971',
      'Saudi Arabia +966',
      'Qatar +974',
      'Kuwait +965',
      'Bahrain +973',
      'Yemen +967',
      'Oman +968',
    ]);
  });
  it('have masks as long as the real national numbers', () => {
    expect(
      Object.fromEntries(PHONE_COUNTRIES.map((c) => [c.countryCode, maskDigitCount(c.phoneMask)])),
    ).toEqual({
      US: 10,
      CA: 10,
      GB: 10,
      AU: 9,
      NZ: 9,
      SG: 8,
      KR: 10,
      HK: 8,
      AE: 9,
      SA: 9,
      QA: 8,
      KW: 8,
      BH: 8,
      YE: 9,
      OM: 8,
    });
    for (const c of PHONE_COUNTRIES) expect(c.phoneMask).toMatch(/^[9 ()-]+$/);
  });
  it('count only the 9s of a mask', () => {
    expect(maskDigitCount('(999) 999-9999')).toBe(10);
    expect(maskDigitCount('')).toBe(0);
  });
});

describe('isPhoneFormatValid', () => {
  it.each([
    ['1234', true],
    ['+1234', true],
    ['12345678901234', true],
    ['+12345678901234', true],
    ['123', false],
    ['+123', false],
    ['123456789012345', false],
    ['+1 202 555', false],
    ['++1234', false],
    ['1234+', false],
    ['12a4', false],
    ['', false],
  ])('%j -> %s', (phone, ok) => {
    expect(isPhoneFormatValid(phone)).toBe(ok);
  });
});

describe('phoneMatchesCountry', () => {
  it.each([
    ['+12025550143', 'US', true],
    ['12025550143', 'US', true],
    ['+1202555014', 'US', false],
    ['+120255501430', 'US', false],
    ['+14165550143', 'CA', true],
    ['+447911123456', 'GB', true],
    ['+44791112345', 'GB', true], // 9 national digits: some UK numbers have them (decision 044)
    ['+4479111234', 'GB', false],
    ['+4479111234567', 'GB', false],
    ['+61412345678', 'AU', true],
    ['+64211234567', 'NZ', true],
    ['+6591234567', 'SG', true],
    ['+659123456', 'SG', false],
    ['+821012345678', 'KR', true],
    ['+85291234567', 'HK', true],
    ['+971501234567', 'AE', true],
    ['+966501234567', 'SA', true],
    ['+97433123456', 'QA', true],
    ['+96550012345', 'KW', true],
    ['+97336001234', 'BH', true],
    ['+967712345678', 'YE', true],
    ['+96892123456', 'OM', true],
    ['+12025550143', 'GB', false],
    ['+6591234567', 'XX', false],
  ])('%s in %s -> %s', (phone, country, ok) => {
    expect(phoneMatchesCountry(phone, country)).toBe(ok);
  });
});

describe('profilePatchSchema', () => {
  it('accepts each setting alone, or none', () => {
    expect(profilePatchSchema.parse({})).toEqual({});
    expect(profilePatchSchema.parse({ phone: '+12025550143' })).toEqual({ phone: '+12025550143' });
    expect(profilePatchSchema.parse({ country: 'CA' })).toEqual({ country: 'CA' });
    expect(profilePatchSchema.parse({ notification_email: ' N@X.com' })).toEqual({
      notification_email: 'n@x.com',
    });
    expect(
      profilePatchSchema.parse({ onBoardingEventSentAt: '2026-03-01T12:00:00.000Z' }).onBoardingEventSentAt,
    ).toBe('2026-03-01T12:00:00.000Z');
    expect(profilePatchSchema.safeParse({ onBoardingEventSentAt: '2026-03-01T12:00:00+02:00' }).success).toBe(
      true,
    );
  });
  it('says the phone format is incorrect', () => {
    expect(issuesAt(profilePatchSchema.safeParse({ phone: '12' }), 'phone')).toEqual([
      USER_MESSAGES.phoneFormat,
    ]);
    expect(issuesAt(profilePatchSchema.safeParse({ phone: '(202) 555-0143' }), 'phone')).toEqual([
      USER_MESSAGES.phoneFormat,
    ]);
    expect(issuesAt(profilePatchSchema.safeParse({ phone: '12', country: 'US' }), 'phone')).toEqual([
      USER_MESSAGES.phoneFormat,
    ]);
  });
  it("checks the phone against the country's mask when both are sent", () => {
    expect(profilePatchSchema.safeParse({ phone: '+447911123456', country: 'GB' }).success).toBe(true);
    expect(issuesAt(profilePatchSchema.safeParse({ phone: '+4420', country: 'GB' }), 'phone')).toEqual([
      USER_MESSAGES.phoneFormat,
    ]);
    expect(issuesAt(profilePatchSchema.safeParse({ phone: '+12025550143', country: 'SG' }), 'phone')).toEqual(
      [USER_MESSAGES.phoneFormat],
    );
  });
  it('rejects a bad notification e-mail, date, country or an unknown field', () => {
    expect(issues(profilePatchSchema.safeParse({ notification_email: 'x@' }))).toEqual([
      USER_MESSAGES.emailFormat,
    ]);
    expect(profilePatchSchema.safeParse({ onBoardingEventSentAt: 'yesterday' }).success).toBe(false);
    expect(profilePatchSchema.safeParse({ country: 'FR' }).success).toBe(false);
    expect(profilePatchSchema.safeParse({ email: 'x@y.zz' }).success).toBe(false);
  });
});
