import { GeekApplicationForm } from '../features/applications/components/geek-application-form.tsx';
import { track } from '../lib/analytics.ts';
import s from './marketing-page.module.css';
import type { PublicRouteHandle } from './public-layout.tsx';

/** docs/product/public-site.md: a marketing page — a logged-in user goes to /orders. */
export const handle: PublicRouteHandle = { marketing: true };

export function meta() {
  return [
    { title: 'Join our team of Geeks — Geekly' },
    {
      name: 'description',
      content: 'Become a Geek: help students learn the subjects you know best and earn up to $20/hour.',
    },
  ];
}

const STEPS = [
  { title: 'Apply', text: 'Tell us who you are and what you know best. It takes two minutes.' },
  { title: 'Get verified', text: 'We review your application and may ask you to prove your credentials.' },
  {
    title: 'Help students',
    text: 'Pick tasks in your subjects, explain, review and guide students to learn.',
  },
  { title: 'Get paid', text: 'Earn up to $20/hour, withdrawn on a pre-set schedule.' },
];

// Illustrative: these show the kind of Geek we look for; they are not quotes of real people.
const TESTIMONIALS = [
  {
    name: 'Maria, chemistry graduate',
    text: 'I explain reaction mechanisms the way I wish someone had explained them to me — and I pick the hours.',
  },
  {
    name: 'James, history teacher',
    text: 'Reviewing essay drafts and suggesting sources keeps my own reading sharp.',
  },
  {
    name: 'Aiko, statistics PhD student',
    text: 'Walking a student through a regression until it clicks is the best part of my week.',
  },
];

/** docs/product/public-site.md: banner, the two-step Geek application then a thank-you step, how it works, Geek testimonials. */
export default function JoinOurTeam() {
  return (
    <main className={s.page}>
      <section className={s.banner}>
        <div className={s.bannerText}>
          <h1 className={s.headline}>Become a Geek</h1>
          <p className={s.lead}>
            Share what you know with students who want to learn it, on your own schedule. Earn up to $20/hour.
          </p>
          <p className={s.note}>
            Geeks are at least 18 years old and never write papers for students to submit: they explain,
            review and suggest books and articles.
          </p>
        </div>
        <div className={s.card} id="apply">
          <h2 className={s.cardTitle}>Apply now</h2>
          <GeekApplicationForm onSubmitted={() => track('geek_application_sent')} />
        </div>
      </section>

      <section className={s.section} aria-labelledby="how-it-works">
        <h2 id="how-it-works" className={s.sectionTitle}>
          How it works
        </h2>
        <ol className={s.steps}>
          {STEPS.map((step, i) => (
            <li key={step.title} className={s.stepCard}>
              <span className={s.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={s.stepTitle}>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={s.section} aria-labelledby="geeks-say">
        <h2 id="geeks-say" className={s.sectionTitle}>
          Why Geeks teach with us
        </h2>
        <p className={s.sectionNote}>Illustrative examples of the Geeks we are looking for.</p>
        <ul className={s.quotes}>
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className={s.quote}>
              <blockquote>
                <p>“{t.text}”</p>
              </blockquote>
              <p className={s.quoteName}>{t.name}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
