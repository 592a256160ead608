import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import { mailLink } from './mail-links.ts';

/**
 * The welcome mail after sign-up (issue 13), on the same template as the other mails. Its button logs the new
 * client in once and opens the task list, where the first task starts. Keyed by the user, so it goes once.
 */
export async function queueWelcomeMail(ctx: AppContext, user: { id: string; notificationEmail: string }) {
  const queued = await ctx.database.db.transaction(async (tx) => {
    const href = await mailLink(ctx, tx, user.id, '/orders');
    const { html, text } = renderMail({
      preview: 'Your Geekly account is ready. Tell us about your first task.',
      heading: 'Welcome to Geekly',
      paragraphs: [
        'Your account is ready. Tell us about your task, and we will find a Geek who knows the subject.',
        'You can write to us in the messages of each task, and we will e-mail you when there is news.',
      ],
      button: { label: 'Go to your tasks', href },
    });
    return ctx.mailer.enqueue(
      tx,
      { to: user.notificationEmail, subject: 'Welcome to Geekly', text, html },
      { dedupeKey: `welcome:${user.id}` },
    );
  });
  if (queued) ctx.mailer.kick();
}
