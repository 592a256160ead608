/** docs/product/public-site.md: consent is a map of consent-mode keys to 'granted' | 'denied', stored under `consentMode`. */
export const CONSENT_STORAGE_KEY = 'consentMode';

type ConsentState = 'granted' | 'denied';

export const CONSENT_KEYS = [
  'ad_storage',
  'ad_user_data',
  'security_storage',
  'ad_personalization',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
] as const;

type ConsentKey = (typeof CONSENT_KEYS)[number];

export type ConsentMode = Record<ConsentKey, ConsentState>;

export type ConsentCategoryId = 'essentials' | 'marketing' | 'performance' | 'functional';

type ConsentCategory = {
  readonly id: ConsentCategoryId;
  readonly label: string;
  readonly description: string;
  readonly keys: readonly ConsentKey[];
  /** Essentials cannot be switched off. */
  readonly required: boolean;
};

/** docs/product/public-site.md: the four categories and their keys, in the banner's order. Descriptions are ours. */
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = [
  {
    id: 'essentials',
    label: 'Essentials',
    description: 'Needed for signing in, security and remembering your choices. Always on.',
    keys: ['ad_storage', 'ad_user_data', 'security_storage'],
    required: true,
  },
  {
    id: 'marketing',
    label: 'Marketing',
    description: 'Lets us personalise offers and ads for you.',
    keys: ['ad_personalization'],
    required: false,
  },
  {
    id: 'performance',
    label: 'Performance',
    description: 'Lets us count visits and see how the site is used, so we can improve it.',
    keys: ['analytics_storage'],
    required: false,
  },
  {
    id: 'functional',
    label: 'Functional',
    description: 'Remembers preferences that make the site more convenient.',
    keys: ['functionality_storage', 'personalization_storage'],
    required: false,
  },
];

export type ConsentSelection = Readonly<Record<ConsentCategoryId, boolean>>;

/** The consent mode for a choice of categories; essentials are granted whatever the selection says. */
export function consentModeFor(selection: Partial<ConsentSelection>): ConsentMode {
  const mode = {} as ConsentMode;
  for (const category of CONSENT_CATEGORIES) {
    const granted = category.required || selection[category.id] === true;
    for (const key of category.keys) mode[key] = granted ? 'granted' : 'denied';
  }
  return mode;
}

/** 'Accept' / 'Allow all'. */
export const acceptAllConsent = (): ConsentMode =>
  consentModeFor({ marketing: true, performance: true, functional: true });

/** 'Decline': only the essentials. */
export const declineConsent = (): ConsentMode => consentModeFor({});

/** Before any choice (consent mode's default command): everything optional is denied. */
export const defaultConsent = declineConsent;

/** Which categories a stored consent mode grants (for the preferences view's checkboxes). */
export function selectionFor(mode: ConsentMode): ConsentSelection {
  const entries = CONSENT_CATEGORIES.map(
    (c) => [c.id, c.required || c.keys.every((k) => mode[k] === 'granted')] as const,
  );
  return Object.fromEntries(entries) as Record<ConsentCategoryId, boolean>;
}

/**
 * Reads what was stored under `consentMode`. Anything that is not a complete map of known keys to
 * 'granted' | 'denied' counts as no consent, so the banner asks again instead of guessing.
 */
export function parseStoredConsent(raw: string | null): ConsentMode | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const mode = {} as ConsentMode;
  for (const key of CONSENT_KEYS) {
    const state = record[key];
    if (state !== 'granted' && state !== 'denied') return null;
    mode[key] = state;
  }
  // Essentials are always on: a stored map that denies them was not written by us.
  for (const key of CONSENT_CATEGORIES[0]?.keys ?? []) if (mode[key] !== 'granted') return null;
  return mode;
}
