import { HOW_IT_WORKS_STEPS } from '../../../components/company-info.ts';
import s from './landing-sections.module.css';
import { Reveal } from './reveal.tsx';

/** docs/product/public-site.md: the how-it-works section (the same four steps as the footer's popup). */
export function HowItWorks() {
  return (
    <section className={s.section} aria-labelledby="how-it-works">
      <h2 id="how-it-works" className={s.heading}>
        How it works
      </h2>
      <Reveal>
        <ol className={s.steps}>
          {HOW_IT_WORKS_STEPS.map((step, i) => (
            <li key={step.title} className={s.step}>
              <span className={s.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={s.stepTitle}>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Reveal>
    </section>
  );
}
