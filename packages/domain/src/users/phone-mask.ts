import {
  maskDigitCount,
  nationalDigitRange,
  PHONE_COUNTRIES,
  type PhoneCountryCode,
} from './user-schemas.ts';

const countryOf = (code: string) => PHONE_COUNTRIES.find((c) => c.countryCode === code);

/**
 * docs/product/account.md: the phone field shows the typed digits in the selected country's mask ('9' is a digit), up to
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

/**
 * What the phone field keeps of what was typed or autofilled: its digits without the leading trunk zero (none
 * of the 15 countries' national numbers starts with 0, and a UK number is usually written 07700 900123), up
 * to the mask's length — so the 11 digits of a UK number written with its 0 are not cut into a wrong one.
 */
export function typedNationalDigits(text: string, countryCode: string): string {
  const country = countryOf(countryCode);
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  return country ? digits.slice(0, maskDigitCount(country.phoneMask)) : digits;
}

/** docs/product/account.md mask check: as many digits as the country's mask (9 or 10 for the UK, decision 044). */
export function fillsMask(digits: string, countryCode: string): boolean {
  const country = countryOf(countryCode);
  if (!country) return false;
  const [shortest, longest] = nationalDigitRange(country);
  const n = digits.replace(/\D/g, '').length;
  return n >= shortest && n <= longest;
}

/** docs/product/account.md: the IP country when it is one of the 15, else the United States. */
export function defaultPhoneCountry(ipCountry: string | null | undefined): PhoneCountryCode {
  return countryOf(ipCountry ?? '')?.countryCode ?? 'US';
}
