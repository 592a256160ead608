import { useLocation } from 'react-router';
import { Button } from '../components/button.tsx';
import { openConsentPreferences } from '../features/consent/consent-storage.ts';
import { LegalPage } from '../features/legal/components/legal-page.tsx';
import { cookiePolicy } from '../features/legal/content/cookie-policy.ts';
import { honorCode } from '../features/legal/content/honor-code.ts';
import type { LegalDocument } from '../features/legal/content/legal-document.ts';
import { privacyPolicy } from '../features/legal/content/privacy-policy.ts';
import { refundPolicy } from '../features/legal/content/refund-policy.ts';
import { termsOfService } from '../features/legal/content/terms-of-service.ts';

/** docs/product/public-site.md: the always-visible pages (no redirect for logged-in users). */
const DOCUMENTS: Record<string, LegalDocument> = {
  'terms-of-service': termsOfService,
  'privacy-policy': privacyPolicy,
  'refund-policy': refundPolicy,
  'honor-code': honorCode,
  'cookie-policy': cookiePolicy,
};

const documentFor = (pathname: string) => DOCUMENTS[pathname.replace(/^\/+|\/+$/g, '')] ?? termsOfService;

export function meta({ location }: { location: { pathname: string } }) {
  const doc = documentFor(location.pathname);
  return [{ title: `${doc.title} — Geekly` }, { name: 'description', content: doc.description }];
}

export default function LegalRoute() {
  const doc = documentFor(useLocation().pathname);
  return (
    <LegalPage doc={doc}>
      {doc === cookiePolicy ? (
        <p>
          <Button type="button" onClick={openConsentPreferences} data-island="consent-preferences">
            Change my cookie choices
          </Button>
        </p>
      ) : null}
    </LegalPage>
  );
}
