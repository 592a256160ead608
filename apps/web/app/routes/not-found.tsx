import { Link } from 'react-router';
import s from './not-found.module.css';

export function meta() {
  return [{ title: 'Page not found — Geekly' }];
}

/** Seed 001 §2: any other path. */
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
