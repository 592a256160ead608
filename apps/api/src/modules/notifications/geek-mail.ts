import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';

/** One mail to a Geek, on the app's template; its button opens a workspace page (WORKSPACE_PATHS). */
export async function queueGeekMail(
  ctx: AppContext,
  tx: Db,
  mail: {
    to: string;
    subject: string;
    preview: string;
    heading: string;
    paragraphs: string[];
    button: { label: string; path: string };
    quotes?: { from: string; text: string }[];
  },
  dedupeKey?: string,
) {
  const { html, text } = renderMail({
    preview: mail.preview,
    heading: mail.heading,
    paragraphs: mail.paragraphs,
    ...(mail.quotes ? { quotes: mail.quotes } : {}),
    button: { label: mail.button.label, href: `${ctx.config.PUBLIC_URL}${mail.button.path}` },
  });
  return ctx.mailer.enqueue(
    tx,
    { to: mail.to, subject: mail.subject, text, html },
    dedupeKey ? { dedupeKey } : undefined,
  );
}
