import { CONSENT_CATEGORIES, CONSENT_STORAGE_KEY } from '@geekly/domain/consent/consent-mode.ts';
import { COMPANY, type LegalDocument, SUPPORT_EMAIL } from './legal-document.ts';

// docs/product/public-site.md: five sections; the banner's four categories and their consent-mode keys, stored under
// consentMode. The wording is ours; the categories come from the domain so the page and the banner agree.
export const cookiePolicy: LegalDocument = {
  title: 'Cookie Policy',
  description: `Which cookies and browser storage ${COMPANY} uses, the four consent categories and how to change your choice.`,
  dateLine: 'Last updated 23 November 2026',
  collapsible: true,
  intro: [
    `This policy explains how ${COMPANY} uses cookies and similar browser storage, and how you control them.`,
  ],
  sections: [
    {
      id: 'what-are-cookies',
      title: '1. What cookies are',
      body: [
        'Cookies are small files a website stores in your browser. Local storage works in a similar way. Some are needed for the site to work; others help us understand or personalise it and are used only if you allow them.',
      ],
    },
    {
      id: 'consent',
      title: '2. How we ask for your consent',
      body: [
        'Visitors from the European Union, the European Economic Area (Iceland, Liechtenstein and Norway), Switzerland and the United Kingdom see a cookie banner on their first visit. Choose Accept to allow all categories, Decline to allow only the essentials, or Preferences to pick categories one by one.',
        'Until you choose, every optional category is off.',
      ],
    },
    {
      id: 'categories',
      title: '3. The categories',
      body: [
        'Each category switches one or more consent keys to granted or denied:',
        {
          items: CONSENT_CATEGORIES.map(
            (c) => `${c.label} (${c.keys.join(', ')}): ${c.description}${c.required ? '' : ' Optional.'}`,
          ),
        },
        'We load no third-party advertising or analytics scripts. Usage events are recorded only when Performance (analytics_storage) is granted.',
      ],
    },
    {
      id: 'what-we-store',
      title: '4. What we store in your browser',
      body: [
        {
          items: [
            'auth_token: a secure cookie that keeps you signed in (essential).',
            'geekly_device: a random number naming this browser, kept two years, so a second account of your own cannot collect referral bonuses (essential, fraud prevention).',
            `${CONSENT_STORAGE_KEY}: your cookie choices, so we do not ask again (essential).`,
            'Whether you closed the promo banner, a task you started before signing up, and the page to return to after logging in (essential to the features you use).',
          ],
        },
      ],
    },
    {
      id: 'your-choice',
      title: '5. Changing your choice',
      body: [
        `You can change your choice at any time with the button on this page, or by clearing this site's data in your browser. Questions: ${SUPPORT_EMAIL}.`,
      ],
    },
  ],
};
