import type { ReactNode } from 'react';
import { usePublicStats } from '../api/get-public-stats.ts';
import s from './landing-sections.module.css';
import { Reveal } from './reveal.tsx';

/**
 * docs/product/public-site.md: the live count of Geeks online and of students who signed up last week. Only real counts
 * (decision 011): while they are unknown, or if the call fails, no number is shown.
 */
export function GeeksOnline({ children }: { children?: ReactNode }) {
  const stats = usePublicStats();
  return (
    <section className={s.sectionTinted} aria-labelledby="always-online">
      <Reveal className={s.online}>
        <h2 id="always-online" className={s.heading}>
          Geeks are always online
        </h2>
        <p className={s.lead}>
          Students, educators and learning enthusiasts in 100+ courses. Post your task at any hour and a Geek
          who knows the subject picks it up.
        </p>
        <p className={s.counts} aria-live="polite" data-island="public-stats">
          {stats ? (
            <>
              <span className={s.count}>
                <span className={s.dot} aria-hidden="true" />
                <strong>{stats.geeks_online}</strong> {stats.geeks_online === 1 ? 'Geek' : 'Geeks'} online now
              </span>
              <span className={s.count}>
                <strong>{stats.signups_last_week}</strong>{' '}
                {stats.signups_last_week === 1 ? 'student' : 'students'} signed up last week
              </span>
            </>
          ) : null}
        </p>
        {children}
      </Reveal>
    </section>
  );
}
