import { Link } from 'react-router';
import s from './public-header.module.css';

export function PublicHeader() {
  return (
    <header className={s.header}>
      <Link to="/" className="logo">
        Geekly
      </Link>
      <nav className={s.nav} aria-label="Account">
        <Link to="/login" className={s.login}>
          Log in
        </Link>
        <Link to="/signup" className={s.signup}>
          Sign up free
        </Link>
      </nav>
    </header>
  );
}
