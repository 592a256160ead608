import { PLATFORM_CHARGE, RELEASE_CLAUSE } from '@geekly/domain/payments/public-promises.ts';
import s from './landing-sections.module.css';

/** docs/product/public-site.md: the FAQ's three questions; the answers restate docs/product/public-site.md. */
export function LandingFaq() {
  return (
    <section className={s.section} aria-labelledby="faq">
      <h2 id="faq" className={s.heading}>
        FAQ
      </h2>
      <div className={s.faq}>
        <details className={s.question}>
          <summary>How much does it cost?</summary>
          <p>
            Planning, scheduling and messaging are free. You pay only when you share a task with a Geek. The
            Geek charges for the amount and time of work, and the {PLATFORM_CHARGE} is included in that fee.
            You see the price before you pay.
          </p>
        </details>
        <details className={s.question}>
          <summary>Can I pay the full price at once?</summary>
          <p>
            Yes. You can prepay 30% and pay the remaining 70% when the work is finished, or prepay the full
            price at once. Either way your payment is held and {RELEASE_CLAUSE}.
          </p>
        </details>
        <details className={s.question}>
          <summary>Can my Geek write my paper?</summary>
          <p>
            No. Geeks do not take part in academic dishonesty: a Geek will not write a paper for you, but can
            explain the topic, suggest books or articles and give feedback on what you wrote.
          </p>
        </details>
      </div>
    </section>
  );
}
