import { Link, Outlet } from 'react-router';
import { PublicHeader } from '../components/public-header.tsx';
import s from './public-layout.module.css';

// A minimal public layout for this branch; the public-landing branch brings the full header and footer.
export default function PublicLayout() {
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
