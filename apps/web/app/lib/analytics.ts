import {
  CONSENT_STORAGE_KEY,
  type ConsentMode,
  defaultConsent,
  parseStoredConsent,
} from '@geekly/domain/consent/consent-mode.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * docs/product/http-api.md: consent and events go to an analytics pipeline. We load no third-party script: `window.dataLayer`
 * is the queue a tag manager would read if one were added later, and it receives consent-mode commands
 * (gtag's `['consent', 'default' | 'update', map]` shape) and events only as the visitor's consent allows.
 */
function push(entry: unknown) {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/** What the visitor chose, from localStorage `consentMode`; null before any choice. */
export function readStoredConsent(): ConsentMode | null {
  try {
    return parseStoredConsent(localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

let started = false;

/** Once per page load: the default (everything optional denied), then the stored choice if there is one. */
export function startAnalytics() {
  if (started) return;
  started = true;
  push(['consent', 'default', defaultConsent()]);
  const stored = readStoredConsent();
  if (stored) push(['consent', 'update', stored]);
}

/** After the visitor chooses in the banner. */
export function updateAnalyticsConsent(mode: ConsentMode) {
  push(['consent', 'update', mode]);
}

/** Records an event only when Performance (analytics_storage) is granted; says whether it did. */
export function track(event: string, params: Record<string, string | number | boolean> = {}): boolean {
  if (readStoredConsent()?.analytics_storage !== 'granted') return false;
  push({ event, ...params });
  return true;
}
