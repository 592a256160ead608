/**
 * docs/product/public-site.md: the promo banner stays closed once dismissed. root.tsx marks <html data-promo-closed> before
 * the first paint from this key; the banner (promo-banner.tsx, and the public pages' islands) read and set it.
 */
export const PROMO_CLOSED_KEY = 'geekly.promoBannerClosed';
export const PROMO_CLOSED_ATTRIBUTE = 'data-promo-closed';
