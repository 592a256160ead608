import { CONSENT_STORAGE_KEY, type ConsentMode } from '@geekly/domain/consent/consent-mode.ts';
import { updateAnalyticsConsent } from '../../lib/analytics.ts';

/** docs/product/public-site.md: the choice is stored under `consentMode` as a map of key → 'granted' | 'denied'. */
export function saveConsent(mode: ConsentMode) {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(mode));
  } catch {
    // Storage can be blocked; the choice then holds for this page only.
  }
  updateAnalyticsConsent(mode);
}

const OPEN_PREFERENCES = 'geekly:consent-preferences';
// The banner loads lazily: a request made before it listens waits here.
let openRequested = false;

/** The cookie policy's "Change my cookie choices": opens the banner's preferences view wherever the visitor is. */
export function openConsentPreferences() {
  openRequested = true;
  window.dispatchEvent(new Event(OPEN_PREFERENCES));
}

export function onOpenConsentPreferences(listener: () => void): () => void {
  const handle = () => {
    openRequested = false;
    listener();
  };
  window.addEventListener(OPEN_PREFERENCES, handle);
  if (openRequested) handle();
  return () => window.removeEventListener(OPEN_PREFERENCES, handle);
}
