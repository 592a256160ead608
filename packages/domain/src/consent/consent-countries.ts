/**
 * docs/product/public-site.md: the cookie banner shows only to visitors whose country is in a configured list. Issue 6 asks for
 * 32 codes: the 27 EU member states, the three other EEA states (Iceland, Liechtenstein, Norway), plus
 * Switzerland and the United Kingdom, whose own laws (revFADP, UK GDPR and PECR) also ask for cookie consent.
 * ISO 3166-1 alpha-2; note Greece is GR (not the EU's "EL").
 */
export const EU_MEMBER_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

const OTHER_EEA_COUNTRIES = ['IS', 'LI', 'NO'] as const;

const OTHER_CONSENT_COUNTRIES = ['CH', 'GB'] as const;

export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set<string>([
  ...EU_MEMBER_COUNTRIES,
  ...OTHER_EEA_COUNTRIES,
  ...OTHER_CONSENT_COUNTRIES,
]);

/** Case-insensitive; an unknown country (null) gets no banner, as the spec shows it only for listed countries. */
export function needsConsentBanner(countryCode: string | null | undefined): boolean {
  return typeof countryCode === 'string' && CONSENT_COUNTRIES.has(countryCode.trim().toUpperCase());
}
