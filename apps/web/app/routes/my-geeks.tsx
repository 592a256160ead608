import { Link } from 'react-router';
import { useBlockedGeeks, useMyGeeksList } from '../features/geeks/api/geeks.ts';
import { GeekCard } from '../features/geeks/components/geek-card.tsx';
import s from './my-geeks.module.css';

export function meta() {
  return [{ title: 'My Geeks — Geekly' }];
}

/**
 * docs/product/geeks.md '/my-geeks', docs/product/geeks.md "My Geeks": the Geeks of the client's tasks under review, blocked ones left out;
 * below them the blocked Geeks, each with Unblock (issue 26 item 3: the only way back to them).
 */
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
      <BlockedGeeks />
    </div>
  );
}

function BlockedGeeks() {
  const blocked = useBlockedGeeks();
  if (blocked.isPending || (blocked.isSuccess && blocked.data.length === 0)) return null;
  return (
    <section className={s.section} aria-labelledby="blocked-geeks">
      <h2 id="blocked-geeks" className={s.sectionTitle}>
        Blocked Geeks
      </h2>
      {blocked.isError ? (
        <p role="alert">{blocked.error.message}</p>
      ) : (
        <>
          <p className={s.blocked}>They are left out of My Geeks and of your Preferred Geek choices.</p>
          <div className={s.grid}>
            {blocked.data.map((g) => (
              <GeekCard key={g._id} geek={g} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
