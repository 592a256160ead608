import { describe, expect, it } from 'vitest';
import {
  defaultPhoneCountry,
  fillsMask,
  formatPhoneDigits,
  nationalDigits,
  toE164,
} from '../src/users/phone-mask.ts';
import { PHONE_COUNTRIES, phoneMatchesCountry } from '../src/users/user-schemas.ts';

describe('phone masks', () => {
  it('formats typed digits in the mask and drops the rest', () => {
    expect(formatPhoneDigits('202555014399', 'US')).toBe('(202) 555-0143');
    expect(formatPhoneDigits('20a2', 'US')).toBe('(202');
    expect(formatPhoneDigits('91234567', 'SG')).toBe('9123 4567');
    expect(formatPhoneDigits('', 'GB')).toBe('');
  });

  it.each(PHONE_COUNTRIES.map((c) => [c.countryCode]))(
    '%s: a full mask is the number the API accepts',
    (code) => {
      const mask = PHONE_COUNTRIES.find((c) => c.countryCode === code)?.phoneMask ?? '';
      const full = '5'.repeat(mask.replace(/[^9]/g, '').length);
      expect(fillsMask(full, code)).toBe(true);
      expect(fillsMask(full.slice(1), code)).toBe(false);
      expect(phoneMatchesCountry(toE164(full, code), code)).toBe(true);
      expect(nationalDigits(toE164(full, code), code)).toBe(full);
    },
  );

  it('defaults to the IP country when it is listed, else the United States', () => {
    expect(defaultPhoneCountry('AE')).toBe('AE');
    expect(defaultPhoneCountry('FR')).toBe('US');
    expect(defaultPhoneCountry(null)).toBe('US');
  });
});
