import { Navigate } from 'react-router';
import { PublicHeader } from '../components/public-header.tsx';
import { useMe } from '../features/auth/api/user.ts';
import s from './home.module.css';

export function meta() {
  return [{ title: 'Geekly — There is an “A” in “teamwork”' }];
}

export function HomeContent() {
  return (
    <>
      <PublicHeader />
      <main className={s.hero}>
        <h1 className={s.headline}>There is an “A” in “teamwork”</h1>
        <p className={s.subtitle}>
          Post your study task, get connected to the right Geek, prepay 30% and pay the rest when it's
          finished.
        </p>
      </main>
    </>
  );
}

export default function Home() {
  const me = useMe();
  // Seed 001 §2: logged-in users are redirected from marketing pages to /orders.
  if (me.data) return <Navigate to="/orders" replace />;
  return <HomeContent />;
}
