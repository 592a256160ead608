import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// Mail looks like the site (apps/web/app/styles/tokens.css): the same colours, radius and system font.
const C = {
  bg: '#f4f5fa',
  surface: '#ffffff',
  text: '#1b1b33',
  muted: '#5c5f77',
  border: '#e3e4ee',
  primary: '#3b2db8',
  onPrimary: '#ffffff',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
};

type MailContent = {
  /** The inbox preview line. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Quoted messages (the message mail). */
  quotes?: { from: string; text: string }[];
  button: { label: string; href: string };
};

function Layout({ c }: { c: MailContent }): ReactNode {
  const cell = { padding: '0 32px', fontFamily: C.font, color: C.text, fontSize: '16px', lineHeight: '24px' };
  return h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { httpEquiv: 'Content-Type', content: 'text/html; charset=UTF-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, c.heading),
    ),
    h(
      'body',
      { style: { margin: 0, padding: '24px 0', background: C.bg } },
      h('div', { style: { display: 'none', maxHeight: 0, overflow: 'hidden' } }, c.preview),
      h(
        'table',
        {
          role: 'presentation',
          width: '100%',
          cellPadding: 0,
          cellSpacing: 0,
          style: { maxWidth: '560px', margin: '0 auto', background: C.surface, borderRadius: '16px' },
        },
        h(
          'tbody',
          null,
          h(
            'tr',
            null,
            h(
              'td',
              { style: { ...cell, paddingTop: '28px', fontSize: '22px', fontWeight: 700, color: C.primary } },
              'Geekly',
            ),
          ),
          h(
            'tr',
            null,
            h(
              'td',
              { style: { ...cell, paddingTop: '20px' } },
              h('h1', { style: { margin: 0, fontSize: '22px', lineHeight: '30px' } }, c.heading),
            ),
          ),
          ...c.paragraphs.map((p, i) =>
            h('tr', { key: `p${i}` }, h('td', { style: { ...cell, paddingTop: '12px' } }, p)),
          ),
          ...(c.quotes ?? []).map((q, i) =>
            h(
              'tr',
              { key: `q${i}` },
              h(
                'td',
                { style: { ...cell, paddingTop: '12px' } },
                h(
                  'div',
                  {
                    style: {
                      borderLeft: `3px solid ${C.primary}`,
                      padding: '4px 12px',
                      background: C.bg,
                      borderRadius: '4px',
                    },
                  },
                  h('div', { style: { fontSize: '13px', color: C.muted, fontWeight: 600 } }, q.from),
                  h('div', { style: { whiteSpace: 'pre-wrap' } }, q.text),
                ),
              ),
            ),
          ),
          h(
            'tr',
            null,
            h(
              'td',
              { style: { ...cell, padding: '24px 32px' } },
              h(
                'a',
                {
                  href: c.button.href,
                  style: {
                    display: 'inline-block',
                    padding: '12px 24px',
                    borderRadius: '10px',
                    background: C.primary,
                    color: C.onPrimary,
                    fontWeight: 600,
                    textDecoration: 'none',
                  },
                },
                c.button.label,
              ),
            ),
          ),
          h(
            'tr',
            null,
            h(
              'td',
              {
                style: {
                  ...cell,
                  padding: '16px 32px 28px',
                  fontSize: '13px',
                  color: C.muted,
                  borderTop: `1px solid ${C.border}`,
                },
              },
              'You get this e-mail because you have tasks on Geekly. The button logs you in once; it works for 7 days.',
            ),
          ),
        ),
      ),
    ),
  );
}

/** One mail, as HTML rendered with React and as plain text with the same words and link. */
export function renderMail(c: MailContent): { html: string; text: string } {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(h(Layout, { c }))}`;
  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.quotes ?? []).flatMap((q) => [`${q.from}:`, ...q.text.split('\n').map((l) => `> ${l}`), '']),
    `${c.button.label}: ${c.button.href}`,
    '',
    'Geekly',
  ].join('\n');
  return { html, text };
}
