import { ConsentBanner } from '../features/consent/components/consent-banner.tsx';
import { openConsentPreferences } from '../features/consent/consent-storage.ts';
import { mountInBody } from './mount.ts';

let shown = false;

/** Seed 001 §2–4: the cookie banner, with its country rules (it asks GET /geo and decides, as in the app). */
export function showConsentBanner() {
  if (shown) return;
  shown = true;
  mountInBody(<ConsentBanner />);
}

/** The cookie policy's 'Change my cookie choices': the banner's preferences view. */
export function openConsentChoices() {
  showConsentBanner();
  openConsentPreferences();
}
