import { describe, expect, it } from 'vitest';
import { createOrderSchema, landingTaskSchema } from '../src/orders/order-schemas.ts';
import {
  isPhoneFormatValid,
  logInSchema,
  PHONE_COUNTRIES,
  phoneMatchesCountry,
  profilePatchSchema,
  signUpSchema,
} from '../src/users/user-schemas.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('sign-up', () => {
  it('normalises the e-mail', () => {
    expect(signUpSchema.parse({ email: ' A@B.COM ', password: 'x' }).email).toBe('a@b.com');
  });
  it.each([
    [{ email: 'nope', password: 'abc' }, 'Oops, check your email format'],
    [
      { email: 'a@b.com', password: '   ' },
      'Your password must have at least one character that is not a space',
    ],
    [{ email: 'a@b.com', password: 'pässword' }, 'Non-Latin characters are not allowed'],
  ])('%j -> %s', (input, message) => {
    expect(firstMessage(signUpSchema.safeParse(input))).toBe(message);
  });
});

describe('log-in', () => {
  it('lower-cases the e-mail and needs a password', () => {
    const ok = logInSchema.parse({ type: 'check_code', factor: 'login', value: ' Me@X.COM', code: 'p' });
    expect(ok.value).toBe('me@x.com');
    expect(
      firstMessage(logInSchema.safeParse({ type: 'check_code', factor: 'login', value: 'a@b.com' })),
    ).toBe('Please, enter your password');
  });
});

describe('phones', () => {
  it('has the 15 countries of the seed', () => {
    expect(PHONE_COUNTRIES.map((c) => c.countryCode)).toEqual([
      'US',
      'CA',
      'GB',
      'AU',
      'NZ',
      'SG',
      'KR',
      'HK',
      'AE',
      'SA',
      'QA',
      'KW',
      'BH',
      'YE',
      'OM',
    ]);
  });
  it('checks an optional plus and 4 to 14 digits', () => {
    expect(isPhoneFormatValid('+1234')).toBe(true);
    expect(isPhoneFormatValid('123')).toBe(false);
    expect(isPhoneFormatValid('+123456789012345')).toBe(false);
    expect(isPhoneFormatValid('+1 202')).toBe(false);
  });
  it('matches the digit count of the country mask', () => {
    expect(phoneMatchesCountry('+12025550143', 'US')).toBe(true);
    expect(phoneMatchesCountry('+1202555014', 'US')).toBe(false);
    expect(phoneMatchesCountry('+61412345678', 'AU')).toBe(true);
    expect(phoneMatchesCountry('+6591234567', 'SG')).toBe(true);
    expect(phoneMatchesCountry('+659123456', 'SG')).toBe(false);
    expect(phoneMatchesCountry('+6591234567', 'XX')).toBe(false);
  });
  it('rejects a phone that does not fit the chosen country, and unknown fields', () => {
    expect(firstMessage(profilePatchSchema.safeParse({ phone: '+4420', country: 'GB' }))).toBe(
      'Phone number format is incorrect',
    );
    expect(profilePatchSchema.safeParse({ email: 'x@y.z' }).success).toBe(false);
  });
});

describe('task forms', () => {
  it('takes the canonical course name', () => {
    expect(createOrderSchema.parse({ title: ' T ', subject: 'calculus' })).toMatchObject({
      title: 'T',
      subject: 'Calculus',
    });
  });
  it.each([
    [{ title: '', subject: 'English' }, 'Please, name your task'],
    [{ title: 'T', subject: ' ' }, 'Tell us what course you are taking'],
    [{ title: 'T', subject: 'Cooking' }, 'Please choose course from the list'],
    [
      { title: 'T', subject: 'English', type: 'x'.repeat(31) },
      'Too big: expected string to have <=30 characters',
    ],
  ])('client-area form %j -> %s', (input, message) => {
    expect(firstMessage(createOrderSchema.safeParse(input))).toBe(message);
  });
  it('uses the landing wording on the landing form', () => {
    expect(firstMessage(landingTaskSchema.safeParse({ title: '', subject: 'English' }))).toBe(
      'Add your task name',
    );
    expect(firstMessage(landingTaskSchema.safeParse({ title: 'T', subject: '' }))).toBe(
      'Tell us what course you need help with',
    );
  });
});
