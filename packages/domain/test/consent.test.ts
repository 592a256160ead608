import { describe, expect, it } from 'vitest';
import {
  CONSENT_COUNTRIES,
  EU_MEMBER_COUNTRIES,
  needsConsentBanner,
} from '../src/consent/consent-countries.ts';
import {
  acceptAllConsent,
  CONSENT_CATEGORIES,
  CONSENT_KEYS,
  consentModeFor,
  declineConsent,
  parseStoredConsent,
  selectionFor,
} from '../src/consent/consent-mode.ts';

describe('consent countries', () => {
  it('lists exactly 32 codes: the 27 EU members, IS, LI, NO, CH and GB', () => {
    expect(EU_MEMBER_COUNTRIES).toHaveLength(27);
    expect(CONSENT_COUNTRIES.size).toBe(32);
    for (const code of ['IS', 'LI', 'NO', 'CH', 'GB', 'DE', 'GR', 'CY'])
      expect(CONSENT_COUNTRIES.has(code)).toBe(true);
  });

  it('shows the banner only for listed countries, in any case, and never for an unknown country', () => {
    expect(needsConsentBanner('de')).toBe(true);
    expect(needsConsentBanner('GB')).toBe(true);
    expect(needsConsentBanner('US')).toBe(false);
    expect(needsConsentBanner('EL')).toBe(false);
    expect(needsConsentBanner(null)).toBe(false);
    expect(needsConsentBanner(undefined)).toBe(false);
  });
});

describe('consent mode', () => {
  it('maps each category to its keys (docs/product/account.md)', () => {
    const keysOf = Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c.id, c.keys]));
    expect(keysOf).toEqual({
      essentials: ['ad_storage', 'ad_user_data', 'security_storage'],
      marketing: ['ad_personalization'],
      performance: ['analytics_storage'],
      functional: ['functionality_storage', 'personalization_storage'],
    });
    expect(CONSENT_CATEGORIES.flatMap((c) => c.keys).sort()).toEqual([...CONSENT_KEYS].sort());
  });

  it('grants only the essentials on decline, and everything on accept', () => {
    expect(declineConsent()).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      security_storage: 'granted',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
    });
    expect(Object.values(acceptAllConsent()).every((s) => s === 'granted')).toBe(true);
  });

  it('grants the selected categories and keeps essentials on even when unselected', () => {
    const mode = consentModeFor({ essentials: false, performance: true });
    expect(mode.security_storage).toBe('granted');
    expect(mode.analytics_storage).toBe('granted');
    expect(mode.ad_personalization).toBe('denied');
    expect(mode.functionality_storage).toBe('denied');
    expect(selectionFor(mode)).toEqual({
      essentials: true,
      marketing: false,
      performance: true,
      functional: false,
    });
  });

  it('reads back what it stores and refuses anything else', () => {
    const mode = consentModeFor({ functional: true });
    expect(parseStoredConsent(JSON.stringify(mode))).toEqual(mode);
    expect(parseStoredConsent(null)).toBeNull();
    expect(parseStoredConsent('not json')).toBeNull();
    expect(parseStoredConsent('[]')).toBeNull();
    expect(parseStoredConsent(JSON.stringify({ ...mode, analytics_storage: 'yes' }))).toBeNull();
    const { personalization_storage: _, ...missing } = mode;
    expect(parseStoredConsent(JSON.stringify(missing))).toBeNull();
    expect(parseStoredConsent(JSON.stringify({ ...mode, security_storage: 'denied' }))).toBeNull();
  });
});
