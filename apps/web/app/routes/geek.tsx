import { Link, useParams } from 'react-router';
import { useGeek } from '../features/geeks/api/geeks.ts';
import { GeekActions, GeekFigures, OnlineStatus } from '../features/geeks/components/geek-card.tsx';
import { ApiError } from '../lib/api-client.ts';
import s from './my-geeks.module.css';

export function meta() {
  return [{ title: 'Geek — Geekly' }];
}

/** docs/product/geeks.md '/geek/{id}': one Geek's public profile, with honest figures (decision 023). */
export default function GeekRoute() {
  const { geekId = '' } = useParams();
  const geek = useGeek(geekId);
  return (
    <div className={s.page}>
      <Link to="/my-geeks" className={s.back}>
        ← My Geeks
      </Link>
      {geek.isPending ? (
        <div className={s.skeleton} role="status" aria-busy="true" aria-label="Loading" />
      ) : geek.isError ? (
        <p role="alert">
          {geek.error instanceof ApiError && geek.error.status === 404
            ? 'This Geek is not on Geekly.'
            : geek.error.message}
        </p>
      ) : (
        <section className={s.page} aria-labelledby="geek-name">
          <h1 id="geek-name" className={s.title}>
            {geek.data.public_full_name}
          </h1>
          <p className={s.blocked}>{geek.data.major}</p>
          <OnlineStatus online={geek.data.online} />
          {geek.data.public_subjects.length > 0 ? (
            <ul className={s.subjects} aria-label="Subjects">
              {geek.data.public_subjects.map((sub) => (
                <li key={sub}>{sub}</li>
              ))}
            </ul>
          ) : null}
          <GeekFigures geek={geek.data} />
          {geek.data.writer_blocked ? (
            <p className={s.blocked}>
              You blocked this Geek: they are left out of My Geeks and of your Preferred Geek choices.
            </p>
          ) : null}
          <GeekActions geek={geek.data} />
        </section>
      )}
    </div>
  );
}
