import { GeeksOnline } from '../features/landing/components/geeks-online.tsx';
import { HelpTopics } from '../features/landing/components/help-topics.tsx';
import { HowItWorks } from '../features/landing/components/how-it-works.tsx';
import { LandingFaq } from '../features/landing/components/landing-faq.tsx';
import sections from '../features/landing/components/landing-sections.module.css';
import { LandingTaskForm } from '../features/landing/components/landing-task-form.tsx';
import { PricesBlock } from '../features/landing/components/prices-block.tsx';
import { Testimonials } from '../features/landing/components/testimonials.tsx';
import s from './home.module.css';
import type { PublicRouteHandle } from './public-layout.tsx';
import { useStartTask } from './use-start-task.ts';

export const HOME_HEADLINE = 'There is an “A” in “teamwork”';

export function meta() {
  return [
    { title: 'Geekly — There is an “A” in “teamwork”' },
    {
      name: 'description',
      content:
        'Post your study task with its course and team up with a Geek who knows the subject: free planning and messaging, prepay 30% and pay the rest when it is finished.',
    },
  ];
}

export const handle: PublicRouteHandle = { marketing: true };

type Props = {
  headline?: string;
  /** Home's forms are open from the start; the variants' open on the first click (docs/product/public-site.md). */
  formsOpen?: boolean;
};

/** docs/product/public-site.md "/": every section of the landing page, shared by its variants and the auth popup's backdrop. */
export function HomeContent({ headline = HOME_HEADLINE, formsOpen = true }: Props) {
  const startTask = useStartTask();
  return (
    <main>
      <section className={s.hero} aria-labelledby="headline">
        <h1 id="headline" className={s.headline}>
          {headline}
        </h1>
        <p className={s.subtitle}>
          Post your study task, get connected to the right Geek, prepay 30% and pay the rest when it's
          finished.
        </p>
        <LandingTaskForm id="task-form" label="Start a task" startOpen={formsOpen} onTask={startTask} />
      </section>
      <HowItWorks />
      <GeeksOnline>
        <LandingTaskForm
          label="Start a task in your course"
          startOpen={formsOpen}
          showTitle={false}
          onTask={startTask}
        />
      </GeeksOnline>
      <HelpTopics />
      <PricesBlock />
      <Testimonials />
      <LandingFaq />
      <section className={sections.cta} aria-labelledby="get-started">
        <h2 id="get-started" className={sections.heading}>
          Ready to team up?
        </h2>
        <LandingTaskForm label="Start your task" startOpen={formsOpen} showTitle={false} onTask={startTask} />
      </section>
    </main>
  );
}

export default function Home() {
  return <HomeContent />;
}
