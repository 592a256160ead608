import { ConsentBanner } from '../features/consent/components/consent-banner.tsx';
import { openConsentPreferences } from '../features/consent/consent-storage.ts';
import { mountInBody } from './mount.ts';

let shown = false;

/**
 * docs/product/public-site.md: the cookie banner, as in the app. `country` is the answer of GET /geo when the page asked it
 * already (the banner then shows only for the countries of the list); without it the banner asks.
 */
export function showConsentBanner(country?: string | null) {
  if (shown) return;
  shown = true;
  mountInBody(<ConsentBanner country={country} />);
}

/** The cookie policy's 'Change my cookie choices': the banner's preferences view. */
export function openConsentChoices() {
  showConsentBanner();
  openConsentPreferences();
}
