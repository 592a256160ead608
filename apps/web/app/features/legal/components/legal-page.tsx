import type { ReactNode } from 'react';
import type { LegalBlock, LegalDocument, LegalSection } from '../content/legal-document.ts';
import s from './legal-page.module.css';

function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block) =>
    typeof block === 'string' ? (
      <p key={block}>{block}</p>
    ) : (
      <ul key={block.items.join('|')}>
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  );
}

function Section({ section, collapsible }: { section: LegalSection; collapsible: boolean }) {
  if (!collapsible) {
    return (
      <section className={s.section} aria-labelledby={section.id}>
        <h2 id={section.id} className={s.heading}>
          {section.title}
        </h2>
        <Blocks blocks={section.body} />
      </section>
    );
  }
  // docs/product/public-site.md: collapsible sections; <details> needs no script, so the prerendered page works before hydration.
  return (
    <details className={s.details} id={section.id}>
      <summary className={s.summary}>
        <h2 className={s.heading}>{section.title}</h2>
      </summary>
      <div className={s.body}>
        <Blocks blocks={section.body} />
      </div>
    </details>
  );
}

/** One layout for every legal page; the texts come from features/legal/content. */
export function LegalPage({ doc, children }: { doc: LegalDocument; children?: ReactNode }) {
  return (
    <main className={s.page}>
      <article className={s.article}>
        <h1 className={s.title}>{doc.title}</h1>
        <p className={s.date}>{doc.dateLine}</p>
        <Blocks blocks={doc.intro} />
        {doc.sections.map((section) => (
          <Section key={section.id} section={section} collapsible={doc.collapsible} />
        ))}
        {children}
      </article>
    </main>
  );
}
