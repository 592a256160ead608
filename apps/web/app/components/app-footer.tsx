import { Link } from 'react-router';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/support.ts';
import s from './app-footer.module.css';

/**
 * The signed-in footer. `belowChatButton`: the floating chat button (and its move control) sits in the page's
 * bottom corner, so the footer ends above it and '© 2026 Geekly' is never under it (issue 34).
 */
export function AppFooter({ belowChatButton = false }: { belowChatButton?: boolean }) {
  return (
    <footer className={belowChatButton ? `${s.footer} ${s.clearsChat}` : s.footer}>
      <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
      <nav aria-label="Legal" className={s.links}>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms-of-service">Terms of Service</Link>
      </nav>
      <span className={s.cards} role="img" aria-label="We accept Visa, Mastercard and American Express">
        <span>VISA</span>
        <span>Mastercard</span>
        <span>AMEX</span>
      </span>
      <span className={s.copy}>© 2026 Geekly</span>
    </footer>
  );
}
