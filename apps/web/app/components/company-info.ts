import { RELEASE_CLAUSE } from '@geekly/domain/payments/public-promises.ts';
// Shown by the public header and footer, the paid landing's contact block and the How it works popup.

export const COMPANY = {
  name: 'Geekly Ltd',
  addressLines: ['Geekly Ltd', '12 Archbishop Makarios III Avenue', '3030 Limassol, Cyprus'],
  email: 'support@geekly.example',
} as const;

/** docs/product/public-site.md "How it works" popup: its four steps. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Post your project',
    text: 'Tell us the task and the course it is for. Planning and messaging are free.',
  },
  {
    title: 'Request help and get connected to the right Geek',
    text: 'A Geek who knows the subject — a student, an educator or a learning enthusiast — joins your task.',
  },
  {
    title: 'Prepay 30%, pay the rest when finished',
    text: `Or prepay in full. Your payment is held and ${RELEASE_CLAUSE}.`,
  },
  {
    title: 'Team up and excel',
    text: 'Work through the task together, message your Geek and download the results.',
  },
] as const;

export const LEGAL_LINKS = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/honor-code', label: 'Honor Code' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
] as const;

export const COMPANY_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about-us', label: 'About us' },
  { to: '/join-our-team', label: 'Join our Team' },
  { to: '/for-teachers', label: 'For Teachers' },
] as const;

// The lead sets the real profile addresses before launch.
export const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/geekly', label: 'Geekly on Facebook', short: 'f' },
  { href: 'https://www.instagram.com/geekly', label: 'Geekly on Instagram', short: 'ig' },
  { href: 'https://x.com/geekly', label: 'Geekly on X', short: 'x' },
] as const;
