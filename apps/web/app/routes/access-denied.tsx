import { Link } from 'react-router';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Access denied — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/** docs/product/public-site.md: where a denied-access action goes. The texts are ours; the spec names only the route. */
export default function AccessDenied() {
  return (
    <main className={s.page}>
      <p className={s.code}>403</p>
      <h1 className={s.title}>Access denied</h1>
      <p className={s.text}>
        You don't have access to this page. If you think you should, please contact support.
      </p>
      <Link to="/orders" className={s.button}>
        Go to the task list
      </Link>
    </main>
  );
}
