import { CONSENT_STORAGE_KEY, type ConsentMode } from '@geekly/domain/consent/consent-mode.ts';
import { updateAnalyticsConsent } from '../../lib/analytics.ts';

/** Seed 001 §3: the choice is stored under `consentMode` as a map of key → 'granted' | 'denied'. */
export function saveConsent(mode: ConsentMode) {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(mode));
  } catch {
    // Storage can be blocked; the choice then holds for this page only.
  }
  updateAnalyticsConsent(mode);
}

const OPEN_PREFERENCES = 'geekly:consent-preferences';

/** The cookie policy's "Change my cookie choices": opens the banner's preferences view wherever the visitor is. */
export function openConsentPreferences() {
  window.dispatchEvent(new Event(OPEN_PREFERENCES));
}

export function onOpenConsentPreferences(listener: () => void): () => void {
  window.addEventListener(OPEN_PREFERENCES, listener);
  return () => window.removeEventListener(OPEN_PREFERENCES, listener);
}
