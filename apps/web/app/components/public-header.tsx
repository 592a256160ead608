import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COMPANY_LINKS, LEGAL_LINKS } from './company-info.ts';
import s from './public-header.module.css';

/** docs/product/public-site.md: without a banner the header fixes itself after 70 px. */
export const HEADER_FIX_THRESHOLD = 70;

type Props = {
  /** Height of what scrolls away above the header (the promo banner); 0 without one. */
  bannerHeight?: number;
};

/**
 * docs/product/public-site.md "Header": Home, About us, Join our Team, For Teachers, Log in and Sign up free, and a mobile menu
 * that also holds the legal links. It is sticky (so fixing it never shifts the page) and marks itself fixed,
 * with a shadow, once the page has scrolled past the banner (or 70 px).
 */
export function PublicHeader({ bannerHeight = 0 }: Props) {
  const [fixed, setFixed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useLocation().pathname.replace(/(.)\/+$/, '$1');
  const threshold = bannerHeight > 0 ? bannerHeight : HEADER_FIX_THRESHOLD;

  useEffect(() => {
    const update = () => setFixed(window.scrollY >= threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  return (
    <header className={fixed ? s.headerFixed : s.header} data-fixed={fixed || undefined}>
      <div className={s.inner}>
        <Link to="/" className="logo" aria-label="Geekly home">
          Geekly
        </Link>
        <nav className={s.nav} aria-label="Main">
          {COMPANY_LINKS.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className={l.to === pathname ? s.linkActive : s.link}
              aria-current={l.to === pathname ? 'page' : undefined}
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <div className={s.account}>
          <Link to="/login" className={s.login}>
            Log in
          </Link>
          <Link to="/signup" className={s.signup}>
            Sign up free
          </Link>
          <button
            type="button"
            className={s.menuButton}
            aria-expanded={menuOpen}
            aria-controls="public-mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="visually-hidden">Menu</span>
            <span aria-hidden="true" className={menuOpen ? s.burgerOpen : s.burger} />
          </button>
        </div>
      </div>
      <nav id="public-mobile-menu" className={s.mobileMenu} aria-label="Menu" hidden={!menuOpen}>
        <ul className={s.mobileList}>
          {COMPANY_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={close}>
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/login" onClick={close}>
              Log in
            </Link>
          </li>
        </ul>
        <ul className={s.mobileLegal} aria-label="Legal">
          {LEGAL_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={close}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
