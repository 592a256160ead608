import s from './landing-sections.module.css';

// What Geeks help with (docs/product/public-site.md), within the honor code: guidance, never work handed in as the student's.
const TOPICS = [
  {
    title: 'Essays',
    text: 'Choosing a topic, building an outline, finding sources and feedback on your drafts.',
  },
  {
    title: 'Research papers',
    text: 'Narrowing a research question, reading lists and making sense of methods.',
  },
  {
    title: 'Assignments',
    text: 'Step-by-step explanations of problems in maths, sciences, business and more.',
  },
  { title: 'Proofreading', text: 'Grammar, clarity and style notes on the text you wrote.' },
  { title: 'Presentations', text: 'Structuring your talk and making your slides clear.' },
  { title: 'Bibliographies', text: 'Books and articles worth reading, and citations in the style you need.' },
] as const;

export function HelpTopics() {
  return (
    <section className={s.section} aria-labelledby="help-topics">
      <h2 id="help-topics" className={s.heading}>
        What Geeks help with
      </h2>
      <p className={s.lead}>Over 100 courses, from English and History to Nursing and Computer Science.</p>
      <ul className={s.cards}>
        {TOPICS.map((t) => (
          <li key={t.title} className={s.card}>
            <h3 className={s.cardTitle}>{t.title}</h3>
            <p>{t.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
