import { describe, expect, it } from 'vitest';
import {
  defaultPhoneCountry,
  fillsMask,
  formatPhoneDigits,
  nationalDigits,
  toE164,
  typedNationalDigits,
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
      // Decision 044: only a UK number may be one digit shorter than its mask; two short is never enough.
      expect(fillsMask(full.slice(1), code)).toBe(code === 'GB');
      expect(phoneMatchesCountry(toE164(full.slice(1), code), code)).toBe(code === 'GB');
      expect(fillsMask(full.slice(2), code)).toBe(false);
      expect(phoneMatchesCountry(toE164(full.slice(2), code), code)).toBe(false);
      expect(phoneMatchesCountry(toE164(`${full}5`, code), code)).toBe(false);
      expect(phoneMatchesCountry(toE164(full, code), code)).toBe(true);
      expect(nationalDigits(toE164(full, code), code)).toBe(full);
    },
  );

  it('holds US and Canadian numbers to 10 digits and takes UK numbers of 10 or 9 (decision 044)', () => {
    expect(fillsMask('2025550143', 'US')).toBe(true);
    expect(fillsMask('202555014', 'US')).toBe(false);
    expect(fillsMask('4165550143', 'CA')).toBe(true);
    expect(fillsMask('7700900123', 'GB')).toBe(true); // a mobile, 07700 900123
    expect(fillsMask('169773456', 'GB')).toBe(true); // Brampton, 016977 3456
    expect(fillsMask('800123456', 'GB')).toBe(true); // freephone, 0800 123456
    expect(fillsMask('16977345', 'GB')).toBe(false);
    expect(phoneMatchesCountry('+44169773456', 'GB')).toBe(true);
    expect(phoneMatchesCountry('+4416977345', 'GB')).toBe(false);
  });

  it('keeps what is typed without its trunk zero, up to the mask', () => {
    expect(typedNationalDigits('07700 900123', 'GB')).toBe('7700900123');
    expect(typedNationalDigits('016977 3456', 'GB')).toBe('169773456');
    expect(typedNationalDigits('(202) 555-0143 ext', 'US')).toBe('2025550143');
    expect(typedNationalDigits('2025550143999', 'US')).toBe('2025550143');
    expect(typedNationalDigits('0412 345 678', 'AU')).toBe('412345678');
    expect(typedNationalDigits('0', 'GB')).toBe('');
  });

  it('defaults to the IP country when it is listed, else the United States', () => {
    expect(defaultPhoneCountry('AE')).toBe('AE');
    expect(defaultPhoneCountry('FR')).toBe('US');
    expect(defaultPhoneCountry(null)).toBe('US');
  });
});
