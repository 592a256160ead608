import s from './landing-sections.module.css';

const REVIEWS = [
  {
    name: 'Maya R.',
    course: 'Psychology',
    hue: 262,
    text: 'My Geek helped me narrow my research question and sent me three articles that changed my whole argument.',
  },
  {
    name: 'Daniel K.',
    course: 'Business',
    hue: 200,
    text: 'I was stuck on a case study. We went through it together and for once I understood the numbers.',
  },
  {
    name: 'Priya S.',
    course: 'Nursing',
    hue: 330,
    text: 'Clear feedback on my care plan draft in time for my deadline. Paying 30% up front made it easy to start.',
  },
] as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .replace('.', '');

/**
 * docs/product/public-site.md: reviews, with avatars drawn from the reviewer's initials (no stock photos). Until students' own
 * ratings are published here, the examples say what they are (docs/product/public-site.md).
 */
export function Testimonials({ heading = 'What students say' }: { heading?: string }) {
  return (
    <section className={s.section} aria-labelledby="reviews">
      <h2 id="reviews" className={s.heading}>
        {heading}
      </h2>
      <p className={s.lead}>Illustrative examples of the help students get from their Geeks.</p>
      <ul className={s.reviews}>
        {REVIEWS.map((r) => (
          <li key={r.name} className={s.review}>
            <figure className={s.reviewFigure}>
              <blockquote className={s.quote}>
                <p>{r.text}</p>
              </blockquote>
              <figcaption className={s.reviewer}>
                <span className={s.avatar} style={{ background: `hsl(${r.hue} 60% 34%)` }} aria-hidden="true">
                  {initials(r.name)}
                </span>
                <span>
                  <strong>{r.name}</strong>
                  <span className={s.reviewCourse}>{r.course}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
