import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import t from '../../../routes/for-teachers.module.css';
import s from '../../../routes/marketing-page.module.css';

const FEATURES = [
  {
    title: 'Groups that fit your teaching',
    text: 'Create a group per class, course or project, and move students between them in a click.',
  },
  {
    title: 'Homework in one list',
    text: 'Give every task a deadline and instructions; students see exactly what is due and when.',
  },
  {
    title: 'Messages with context',
    text: 'Every conversation sits next to the homework it is about, so nothing gets lost.',
  },
];

/** docs/product/public-site.md: the features, one slide at a time (an island on the prerendered page, decision 033). */
export function FeatureSlider() {
  const [slide, setSlide] = useState(0);
  const feature = FEATURES[slide] ?? FEATURES[0];
  const move = (by: number) => setSlide((i) => (i + by + FEATURES.length) % FEATURES.length);
  return (
    <section
      className={t.slider}
      aria-roledescription="carousel"
      aria-labelledby="features"
      data-island="feature-slider"
    >
      <h2 id="features" className={s.sectionTitle}>
        Features
      </h2>
      <section
        className={t.slide}
        aria-roledescription="slide"
        aria-label={`${slide + 1} of ${FEATURES.length}`}
        aria-live="polite"
      >
        <p className={t.slideCount} aria-hidden="true">
          {slide + 1} of {FEATURES.length}
        </p>
        <h3 className={s.stepTitle}>{feature?.title}</h3>
        <p>{feature?.text}</p>
      </section>
      <div className={t.sliderControls}>
        <Button type="button" variant="secondary" onClick={() => move(-1)} aria-label="Previous feature">
          ←
        </Button>
        <Button type="button" variant="secondary" onClick={() => move(1)} aria-label="Next feature">
          →
        </Button>
      </div>
    </section>
  );
}
