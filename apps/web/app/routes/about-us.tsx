import { PLATFORM_CHARGE, RELEASE_CLAUSE } from '@geekly/domain/payments/public-promises.ts';
import sections from '../features/landing/components/landing-sections.module.css';
import { LandingTaskForm } from '../features/landing/components/landing-task-form.tsx';
import s from './about-us.module.css';
import type { PublicRouteHandle } from './public-layout.tsx';
import { useStartTask } from './use-start-task.ts';

export function meta() {
  return [
    { title: 'About us — Geekly' },
    {
      name: 'description',
      content:
        'Geekly connects students with Geeks — students, educators and learning enthusiasts — who help them learn. Our goals, mission and values.',
    },
  ];
}

export const handle: PublicRouteHandle = { marketing: true };

const VALUES = [
  {
    title: 'Learning first',
    text: 'A Geek helps you understand and do the work yourself. We never trade in academic dishonesty.',
  },
  {
    title: 'Fair pay, fair price',
    text: `Geeks charge for the amount and time of work; the ${PLATFORM_CHARGE} is included, never added on.`,
  },
  {
    title: 'Money held safely',
    text: `Your payment is held and ${RELEASE_CLAUSE}.`,
  },
  {
    title: 'Honest numbers',
    text: 'The counts you see on Geekly come from real data, never from a marketing formula.',
  },
] as const;

/** docs/product/public-site.md "/about-us": goals, mission, values, plus the task form. */
export default function AboutUs() {
  const startTask = useStartTask();
  return (
    <main>
      <section className={s.hero} aria-labelledby="headline">
        <h1 id="headline" className={s.headline}>
          About us
        </h1>
        <p className={s.subtitle}>
          Geekly is a marketplace where students team up with Geeks — students, educators and learning
          enthusiasts — on their study tasks.
        </p>
      </section>
      <div className={s.columns}>
        <section aria-labelledby="goals">
          <h2 id="goals">Our goals</h2>
          <p>
            Make expert help easy to find in over 100 courses, at a price students can see before they pay,
            and give Geeks a fair way to earn from what they know.
          </p>
        </section>
        <section aria-labelledby="mission">
          <h2 id="mission">Our mission</h2>
          <p>
            Nobody should be stuck alone with a task. Planning, scheduling and messaging are free; you pay
            only when you share a task with a Geek — 30% up front and the rest when it's finished, or all at
            once.
          </p>
        </section>
      </div>
      <section className={sections.section} aria-labelledby="values">
        <h2 id="values" className={sections.heading}>
          Our values
        </h2>
        <ul className={s.values}>
          {VALUES.map((v) => (
            <li key={v.title} className={sections.card}>
              <h3 className={sections.cardTitle}>{v.title}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className={sections.cta} aria-labelledby="start">
        <h2 id="start" className={sections.heading}>
          Start a task
        </h2>
        <LandingTaskForm label="Start a task" showTitle={false} onTask={startTask} />
      </section>
    </main>
  );
}
