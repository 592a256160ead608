/** The support address of the page footer and the payment popups' 'Email us' link. */
export const SUPPORT_EMAIL = 'support@geekly.example';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
