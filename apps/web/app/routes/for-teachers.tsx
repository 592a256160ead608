import { useState } from 'react';
import { Button } from '../components/button.tsx';
import { TeacherContactDialog } from '../features/applications/components/teacher-contact-dialog.tsx';
import { FeatureSlider } from '../features/teachers/components/feature-slider.tsx';
import t from './for-teachers.module.css';
import s from './marketing-page.module.css';
import type { PublicRouteHandle } from './public-layout.tsx';

/** docs/product/public-site.md: a marketing page — a logged-in user goes to /orders. */
export const handle: PublicRouteHandle = { marketing: true };

export function meta() {
  return [
    { title: 'Geekly for Teachers — join the beta' },
    {
      name: 'description',
      content:
        'A teacher platform for student groups, homework and communication with students. Join the beta: free 4-week trial, then $14.99/month or $99.00/year.',
    },
  ];
}

// docs/product/public-site.md: customizing student groups, homework tasks and communication with students.
const BENEFITS = [
  {
    title: 'Your student groups',
    text: 'Organise classes and study groups your way, and keep each one tidy.',
  },
  {
    title: 'Homework tasks',
    text: 'Set homework, follow who has started and see what needs your attention.',
  },
  {
    title: 'Talk to students',
    text: 'Answer questions and share feedback in one place instead of many inboxes.',
  },
];

// Illustrative: what teachers told us they need; not quotes of named people.
const REVIEWS = [
  'I need one place for homework, not five apps and a pile of e-mails.',
  'Being able to message a whole group, or one student privately, would save me hours a week.',
  'Seeing who is stuck before the deadline is what I want most.',
];

const FAQ = [
  {
    q: 'Is my data safe?',
    a: 'Yes. Your and your students’ data is sent over encrypted connections, seen only by you, your students and our authorised staff, and never sold. Our Privacy Policy has the details.',
  },
  {
    q: 'How much does the beta cost?',
    a: 'Nothing. Beta testers use the platform for free. After the release you start with a free 4-week trial, then choose $14.99 per month or $99.00 per year.',
  },
  {
    q: 'When will it be released?',
    a: 'We are still shaping it with our beta teachers. Everyone on the beta list hears about the release date by e-mail first.',
  },
];

type Modal = 'teacher' | 'institution' | null;

/** docs/product/public-site.md, docs/product/account.md: the planned teacher platform — beta sign-up, institution application, pricing and FAQ. */
export default function ForTeachers() {
  const [modal, setModal] = useState<Modal>(null);

  return (
    <main className={s.page}>
      <section className={t.hero}>
        <p className={t.badge}>Beta</p>
        <h1 className={s.headline}>Teaching, organised</h1>
        <p className={s.lead}>
          A platform for teachers to customise student groups, set homework tasks and talk with students. We
          are opening it to teachers in beta — join early and help shape it.
        </p>
        <div className={t.heroActions}>
          <Button
            type="button"
            onClick={() => setModal('teacher')}
            data-island="teacher-dialog"
            data-kind="teacher"
          >
            Join the beta
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => setModal('institution')}
            data-island="teacher-dialog"
            data-kind="institution"
          >
            For institutions
          </Button>
        </div>
      </section>

      <section className={s.section} aria-labelledby="benefits">
        <h2 id="benefits" className={s.sectionTitle}>
          What you get
        </h2>
        <ul className={s.grid}>
          {BENEFITS.map((b) => (
            <li key={b.title} className={s.tile}>
              <h3 className={s.stepTitle}>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <FeatureSlider />

      <section className={s.section} aria-labelledby="reviews">
        <h2 id="reviews" className={s.sectionTitle}>
          What teachers ask for
        </h2>
        <p className={s.sectionNote}>Illustrative examples of what teachers tell us they need.</p>
        <ul className={s.quotes}>
          {REVIEWS.map((r) => (
            <li key={r} className={s.quote}>
              <blockquote>
                <p>“{r}”</p>
              </blockquote>
            </li>
          ))}
        </ul>
      </section>

      <section className={s.section} aria-labelledby="pricing">
        <h2 id="pricing" className={s.sectionTitle}>
          Subscription options
        </h2>
        <ul className={s.grid}>
          <li className={s.tile}>
            <h3 className={s.stepTitle}>Monthly</h3>
            <div className={t.price}>
              $14.99<span className={t.per}>/month</span>
            </div>
            <p>After a free 4-week trial, billed monthly.</p>
          </li>
          <li className={s.tile}>
            <h3 className={s.stepTitle}>Yearly</h3>
            <div className={t.price}>
              $99.00<span className={t.per}>/year</span>
            </div>
            <p>After a free 4-week trial, billed once a year.</p>
          </li>
          <li className={s.tile}>
            <h3 className={s.stepTitle}>Educational institutions</h3>
            <p>
              Subscriptions for a whole school or faculty. Tell us about your institution and we will send the
              details.
            </p>
            <Button
              type="button"
              className={t.tileButton}
              onClick={() => setModal('institution')}
              data-island="teacher-dialog"
              data-kind="institution"
            >
              Apply for details
            </Button>
          </li>
        </ul>
      </section>

      <section className={s.section} aria-labelledby="faq">
        <h2 id="faq" className={s.sectionTitle}>
          FAQ
        </h2>
        <div className={t.faq}>
          {FAQ.map((item) => (
            <details key={item.q} className={t.faqItem}>
              <summary className={t.faqQuestion}>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      {modal ? <TeacherContactDialog kind={modal} onClose={() => setModal(null)} /> : null}
    </main>
  );
}
