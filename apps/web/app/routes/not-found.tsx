import { Link } from 'react-router';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Page not found — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/** docs/product/public-site.md: any other path, and /page-not-found, where a missing resource is sent (docs/product/public-site.md). */
export default function NotFound() {
  return (
    <main className={s.page}>
      <p className={s.code}>404</p>
      <h1 className={s.title}>Looks like you are lost</h1>
      <Link to="/orders" className={s.button}>
        Go to the task list
      </Link>
    </main>
  );
}
