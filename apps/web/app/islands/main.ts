import { needsConsentBanner } from '@geekly/domain/consent/consent-countries.ts';
import type { Geo } from '@geekly/domain/geo/geo-contract.ts';
import type { PublicStats } from '@geekly/domain/public/public-contract.ts';
import type { Health } from '@geekly/domain/system/system-contract.ts';
import h from '../components/public-header.module.css';
import stats from '../features/landing/components/landing-sections.module.css';
import {
  PROMO_CLOSED_ATTRIBUTE,
  PROMO_CLOSED_KEY,
} from '../features/landing/components/promo-banner-storage.ts';
import reveal from '../features/landing/components/reveal.module.css';
import { readStoredConsent, startAnalytics } from '../lib/analytics.ts';
import { api } from '../lib/api-client.ts';
import { rememberEmailLink } from '../lib/return-to.ts';
import { rememberLanding } from '../lib/sign-up-extras.ts';
import { AUTH_EVENT, type AuthRequest } from './auth-request.ts';

// The public pages' islands (decision 033). React Router prerenders these pages; in the browser this plain
// module (a few KB, run after the load event by the loader that apps/web/scripts/public-islands.mjs puts in
// each page) wires the small interactive parts to the prerendered markup and loads the Preact islands (the
// forms, the popups, the cookie banner) as their own chunks, only on the pages, or at the moment, they are
// used. Nothing here imports React: a signed-in visitor's page boots the full app instead (the loader).
// Nor zod: the three calls below read their answers with the plain reader, typed by the contract's types only
// (`apiCall` takes the contract's schemas, which would bring zod into every public page's first load).

const HEADER_FIX_THRESHOLD = 70; // docs/product/public-site.md, as components/public-header.tsx

const all = (selector: string) => [...document.querySelectorAll(selector)];

/** docs/product/public-site.md: the mobile menu, and the header fixed once the promo banner (or 70 px) scrolled away. */
function header() {
  const button = document.querySelector<HTMLButtonElement>('button[aria-controls="public-mobile-menu"]');
  const menu = document.getElementById('public-mobile-menu');
  const bar = button?.closest('header');
  if (!button || !menu || !bar) return;
  const burger = button.querySelector('span[aria-hidden]');
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
    if (burger) burger.className = (open ? h.burgerOpen : h.burger) ?? '';
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !menu.hidden) setOpen(false);
  });
  menu.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) setOpen(false);
  });

  const banner = document.querySelector<HTMLElement>('[data-promo-banner]');
  let bannerHeight = 0;
  const update = () => {
    const fixed = window.scrollY >= (bannerHeight > 0 ? bannerHeight : HEADER_FIX_THRESHOLD);
    bar.className = (fixed ? h.headerFixed : h.header) ?? '';
    if (fixed) bar.setAttribute('data-fixed', 'true');
    else bar.removeAttribute('data-fixed');
  };
  window.addEventListener('scroll', update, { passive: true });
  update();
  if (!banner) return;
  const observer = new ResizeObserver(() => {
    bannerHeight = banner.isConnected ? banner.offsetHeight : 0;
    update();
  });
  observer.observe(banner);
  promoBanner(banner, () => {
    observer.disconnect();
    bannerHeight = 0;
    update();
  });
}

// Banners of every page: static ones (such as a production-mode notice from the root layout) need nothing here;
// one that reacts to the visitor gets its function beside promoBanner() and a call at the end of this file.

/**
 * Decision 031: a staging site (the sandbox allowed in production mode) says so at the top of every page; the
 * same words and roles as the app's StagingBanner, since a visitor's public page runs no React.
 */
async function stagingBanner() {
  const body = await fetch('/api/v3/health', { cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<Health>) : null))
    .catch(() => null);
  if (body?.staging !== true) return;
  const region = document.createElement('section');
  region.setAttribute('aria-label', 'Staging site');
  const note = document.createElement('p');
  note.setAttribute('role', 'note');
  note.dataset.testid = 'staging-banner';
  note.style.cssText =
    'margin:0;padding:8px 16px;background:#7a1d22;color:#fff;font-size:0.9375rem;font-weight:600;text-align:center';
  note.textContent = 'Staging site: payments here are not real. No card is charged and nothing is paid for.';
  region.append(note);
  document.body.prepend(region);
}

/** docs/product/tasks-and-pricing.md: NEWUSER's banner; once dismissed it stays away (the page's inline script hides it at paint). */
function promoBanner(banner: HTMLElement, onGone: () => void) {
  const remove = () => {
    banner.remove();
    onGone();
  };
  let closed = false;
  try {
    closed = localStorage.getItem(PROMO_CLOSED_KEY) === '1';
  } catch {
    // no storage: shown
  }
  if (closed) {
    remove();
    return;
  }
  banner.querySelector('button')?.addEventListener('click', () => {
    try {
      localStorage.setItem(PROMO_CLOSED_KEY, '1');
    } catch {
      // Without storage the banner still closes for this page view.
    }
    document.documentElement.setAttribute(PROMO_CLOSED_ATTRIBUTE, '');
    remove();
  });
}

/**
 * docs/product/public-site.md: a block still below the viewport fades in as it scrolls into view (features/landing reveal.tsx).
 * The observer's first report says where each block is, so the page's layout is never forced from here.
 */
function revealBlocks() {
  if (typeof IntersectionObserver === 'undefined') return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        if (el.dataset.reveal === 'waiting') {
          if (!entry.isIntersecting) continue;
          el.dataset.reveal = 'shown';
        } else if (entry.boundingClientRect.top >= window.innerHeight) {
          el.dataset.reveal = 'waiting';
          continue;
        }
        observer.unobserve(el);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  for (const el of all(`.${reveal.reveal}`)) observer.observe(el);
}

/** docs/product/public-site.md: the live counts (features/landing geeks-online.tsx); none shown while unknown or failed. */
function publicStats() {
  const place = document.querySelector('[data-island="public-stats"]');
  if (!place) return;
  api<PublicStats>('/public/stats').then(
    ({ geeks_online, signups_last_week }) => {
      const count = (n: number, one: string, many: string, rest: string, dot: boolean) => {
        const span = document.createElement('span');
        span.className = stats.count ?? '';
        if (dot) {
          const d = document.createElement('span');
          d.className = stats.dot ?? '';
          d.setAttribute('aria-hidden', 'true');
          span.append(d);
        }
        const strong = document.createElement('strong');
        strong.textContent = String(n);
        span.append(strong, ` ${n === 1 ? one : many} ${rest}`);
        return span;
      };
      place.replaceChildren(
        count(geeks_online, 'Geek', 'Geeks', 'online now', true),
        count(signups_last_week, 'student', 'students', 'signed up last week', false),
      );
    },
    () => {},
  );
}

/** Log in and Sign up links, and the forms' sign-up step, open the auth popup island over the page. */
function authPopup() {
  const open = (request: AuthRequest) =>
    import('./auth.tsx').then((m) => m.openAuth(request.mode, request.replace));
  window.addEventListener(AUTH_EVENT, (e) => open((e as CustomEvent<AuthRequest>).detail));
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element).closest('a');
    const path = link?.getAttribute('href');
    if (path !== '/login' && path !== '/signup') return;
    e.preventDefault();
    open({ mode: path === '/signup' ? 'signup' : 'login', replace: false });
  });
}

/** Popups opened by a button of the page: loaded on the click. */
function dialogButtons() {
  for (const button of all('[data-island="how-it-works"]')) {
    button.addEventListener('click', () => import('./dialogs.tsx').then((m) => m.openHowItWorks()));
  }
  for (const button of all('[data-island="teacher-dialog"]')) {
    const kind = button.getAttribute('data-kind') === 'institution' ? 'institution' : 'teacher';
    button.addEventListener('click', () => import('./dialogs.tsx').then((m) => m.openTeacherDialog(kind)));
  }
  for (const button of all('[data-island="consent-preferences"]')) {
    button.addEventListener('click', () => import('./consent.tsx').then((m) => m.openConsentChoices()));
  }
}

/**
 * Takes over a prerendered element on its first use (a pointer, focus or key on it), so a page that is only
 * read runs none of it: its module is loaded after the page (`module`), and once loaded the take-over runs
 * before the next event (a microtask after this one), so the click or the typing that follows reaches it. A
 * submit before then waits for it and is sent again.
 */
function onFirstUse<M>(element: Element, module: Promise<M>, take: (m: M, element: Element) => void) {
  const events = ['pointerdown', 'focusin', 'keydown', 'submit'];
  const handler = (e: Event) => {
    for (const type of events) element.removeEventListener(type, handler, true);
    if (e.type === 'submit') e.preventDefault();
    module.then((m) => {
      take(m, element);
      if (e.type === 'submit') (element as HTMLFormElement).requestSubmit();
    });
  };
  for (const type of events) element.addEventListener(type, handler, true);
}

/** The forms and the slider of the page, taken over on first use; resolves once their modules are loaded. */
function pageIslands(): Promise<unknown>[] {
  const waits: Promise<unknown>[] = [];
  const forms = all('[data-island="task-form"]');
  if (forms.length > 0) {
    const module = import('./task-forms.tsx');
    for (const form of forms) onFirstUse(form, module, (m, el) => m.mountTaskForm(el));
    waits.push(module);
  }
  const applications = all('[data-island="geek-application"]');
  if (applications.length > 0) {
    const module = import('./geek-application.tsx');
    for (const form of applications) onFirstUse(form, module, (m, el) => m.mountGeekApplication(el));
    waits.push(module);
  }
  const sliders = all('[data-island="feature-slider"]');
  if (sliders.length > 0) {
    const module = import('./feature-slider.tsx');
    for (const slider of sliders) onFirstUse(slider, module, (m, el) => m.mountFeatureSlider(el));
    waits.push(module);
  }
  return waits;
}

/** docs/product/public-site.md: a visitor who has not chosen yet, from a country of the list, gets the cookie banner. */
function consentBanner(): Promise<unknown> {
  if (readStoredConsent() !== null) return Promise.resolve();
  return api<Geo>('/geo').then(
    ({ country_code }) =>
      needsConsentBanner(country_code) && readStoredConsent() === null
        ? import('./consent.tsx').then((m) => m.showConsentBanner(country_code))
        : null,
    () => {},
  );
}

startAnalytics();
rememberLanding(window.location);
rememberEmailLink(window.location);
header();
revealBlocks();
publicStats();
authPopup();
dialogButtons();
Promise.all([...pageIslands(), consentBanner(), stagingBanner()]).finally(() => {
  // Browser stories wait for this mark before they use a public page (e2e/support/public-site.ts).
  document.documentElement.dataset.hydrated = 'true';
});
