import { maskDigitCount, PHONE_COUNTRIES, type PhoneCountryCode } from './user-schemas.ts';

const countryOf = (code: string) => PHONE_COUNTRIES.find((c) => c.countryCode === code);

/**
 * Seed 001 §5: the phone field shows the typed digits in the selected country's mask ('9' is a digit), up to
 * the mask's length; extra digits and every other character are dropped.
 */
export function formatPhoneDigits(digits: string, countryCode: string): string {
  const country = countryOf(countryCode);
  const only = digits.replace(/\D/g, '');
  if (!country) return only;
  let out = '';
  let i = 0;
  for (const ch of country.phoneMask) {
    if (i >= only.length) break;
    if (ch === '9') out += only[i++];
    else out += ch;
  }
  return out;
}

/** The national digits a stored E.164 phone holds for a country ('' when it is another country's number). */
export function nationalDigits(phone: string | null, countryCode: string): string {
  const country = countryOf(countryCode);
  if (!phone || !country) return '';
  const code = country.phoneCode.slice(1);
  const digits = phone.replace(/^\+/, '');
  return digits.startsWith(code) ? digits.slice(code.length) : '';
}

/** The E.164 phone the API stores for national digits typed under a country. */
export function toE164(digits: string, countryCode: string): string {
  const country = countryOf(countryCode);
  return `${country?.phoneCode ?? '+'}${digits.replace(/\D/g, '')}`;
}

/** Seed 001 §5 mask check: exactly as many digits as the country's mask. */
export function fillsMask(digits: string, countryCode: string): boolean {
  const country = countryOf(countryCode);
  return country !== undefined && digits.replace(/\D/g, '').length === maskDigitCount(country.phoneMask);
}

/** Seed 001 §9: the IP country when it is one of the 15, else the United States. */
export function defaultPhoneCountry(ipCountry: string | null | undefined): PhoneCountryCode {
  return countryOf(ipCountry ?? '')?.countryCode ?? 'US';
}
