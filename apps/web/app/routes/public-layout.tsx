import { useEffect } from 'react';
import { Link, Outlet, useMatches, useNavigate } from 'react-router';
import { PublicHeader } from '../components/public-header.tsx';
import { useMe } from '../features/auth/api/user.ts';
import s from './public-layout.module.css';

/** A route's `handle`: marketing pages send a logged-in user to /orders; legal pages leave it out. */
export type PublicRouteHandle = { marketing?: boolean };

// A minimal public layout for this branch (same handle contract); the public-landing branch brings the full
// header, promo banner and footer.
export default function PublicLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const marketing = useMatches().some((m) => (m.handle as PublicRouteHandle | undefined)?.marketing);
  const loggedIn = Boolean(me.data);
  // Seed 001 §2 and §4: after hydration (and on a log-in meanwhile) a logged-in user leaves marketing pages.
  useEffect(() => {
    if (loggedIn && marketing) navigate('/orders', { replace: true });
  }, [loggedIn, marketing, navigate]);

  return (
    <div className="app-shell">
      <PublicHeader />
      <Outlet />
      <footer className={s.footer}>
        <nav aria-label="Legal">
          <ul className={s.links}>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/refund-policy">Refund Policy</Link>
            </li>
            <li>
              <Link to="/honor-code">Honor Code</Link>
            </li>
            <li>
              <Link to="/cookie-policy">Cookie Policy</Link>
            </li>
          </ul>
        </nav>
        <p className={s.note}>
          © Geekly · <a href="mailto:support@geekly.example">support@geekly.example</a> ·{' '}
          {/* Decision 004: the country lookup's licence asks for this attribution. */}
          <a href="https://db-ip.com">IP Geolocation by DB-IP</a>
        </p>
      </footer>
    </div>
  );
}
