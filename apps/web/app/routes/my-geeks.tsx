import { Link } from 'react-router';
import { useMyGeeksList } from '../features/geeks/api/geeks.ts';
import { GeekCard } from '../features/geeks/components/geek-card.tsx';
import s from './my-geeks.module.css';

export function meta() {
  return [{ title: 'My Geeks — Geekly' }];
}

/** Seed 000 §2 '/my-geeks', §4 "My Geeks": the Geeks of the client's tasks under review, blocked ones left out. */
export default function MyGeeksRoute() {
  const geeks = useMyGeeksList();
  return (
    <div className={s.page}>
      <div className={s.head}>
        <h1 className={s.title}>My Geeks</h1>
        <Link to="/create" state={{ from: '/my-geeks' }} className={s.add}>
          Add new task
        </Link>
      </div>
      {geeks.isPending ? (
        <div className={s.skeleton} role="status" aria-busy="true" aria-label="Loading Geeks" />
      ) : geeks.isError ? (
        <p role="alert">{geeks.error.message}</p>
      ) : geeks.data.length === 0 ? (
        <section className={s.empty}>
          <h2>No Geeks yet</h2>
          <p>The Geeks working on your tasks appear here once they send you their work.</p>
        </section>
      ) : (
        <div className={s.grid}>
          {geeks.data.map((g) => (
            <GeekCard key={g._id} geek={g} />
          ))}
        </div>
      )}
    </div>
  );
}
