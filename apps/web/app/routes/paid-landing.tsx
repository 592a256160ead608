import { COMPANY } from '../components/company-info.ts';
import { HowItWorks } from '../features/landing/components/how-it-works.tsx';
import sections from '../features/landing/components/landing-sections.module.css';
import { LandingTaskForm } from '../features/landing/components/landing-task-form.tsx';
import { Testimonials } from '../features/landing/components/testimonials.tsx';
import s from './paid-landing.module.css';
import type { PublicRouteHandle } from './public-layout.tsx';
import { useStartTask } from './use-start-task.ts';

export function meta() {
  return [
    { title: "What's on your mind? — Geekly" },
    {
      name: 'description',
      content: 'Tell us the task and the course, and share it with a Geek who knows the subject.',
    },
    // A landing for paid traffic: kept out of search results like the other campaign pages.
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export const handle: PublicRouteHandle = { marketing: true };

/**
 * docs/product/public-site.md "Alternate paid-traffic landing" (served at /lp_paid): the form first, reviews, an anchor
 * button back to the form and its own contact block.
 */
export default function PaidLanding() {
  const startTask = useStartTask();
  return (
    <main>
      <section className={s.hero} aria-labelledby="headline">
        <h1 id="headline" className={s.headline}>
          What's on your mind?
        </h1>
        <p className={s.subtitle}>
          Name your task and its course, and share it with a Geek who knows the subject.
        </p>
        <LandingTaskForm
          id="task-form"
          label="Share your task"
          startOpen
          requireBoth
          submitLabel="Share task with a Geek"
          onTask={startTask}
        />
      </section>
      <Testimonials heading="Students who teamed up" />
      <HowItWorks />
      <section className={sections.cta} aria-labelledby="start-now">
        <h2 id="start-now" className={sections.heading}>
          Your Geek is a message away
        </h2>
        <a href="#task-form" className={s.anchor}>
          Share your task
        </a>
      </section>
      <section className={s.contact} aria-labelledby="contact">
        <h2 id="contact" className={s.contactTitle}>
          Questions? Write to us
        </h2>
        <address className={s.address}>
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          {COMPANY.addressLines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </section>
    </main>
  );
}
