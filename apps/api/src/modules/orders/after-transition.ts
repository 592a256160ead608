import { QUALITY_CHECK_TAG, type TransitionName } from '@geekly/domain/orders/order-machine.ts';
import { eq } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/rows.ts';
import { users } from '../../db/schema.ts';
import { publishEvent } from '../events/index.ts';
import { mailLink } from '../notifications/mail-links.ts';

/** docs/product/statuses-and-state-machine.md: a mark of 4 or 5 is positive (it accepts the work); then the tips mail goes out. */
const POSITIVE_MARK = 4;

async function ownerEmail(tx: Db, userId: string) {
  const [owner] = await tx.select({ email: users.notificationEmail }).from(users).where(eq(users.id, userId));
  return owner?.email;
}

/**
 * What follows a committed transition, written in its transaction: the live event for the client's streams
 * (NOTIFY is delivered on commit) and the after-delivery mails of issue 14 (rating after a delivery, tips after
 * a positive mark), through the outbox.
 */
export async function afterTransition(ctx: AppContext, tx: Db, name: TransitionName, order: OrderRow) {
  await publishEvent(tx, order.userId, 'order', order.id);
  const geekMailed = await ctx.ports.transitions.geekNotices(ctx, tx, name, order);
  // A delivery held for the quality check reaches the student (and its mail) on pass_check (decision 048).
  const delivered =
    ((name === 'deliver' || name === 'deliver_revision') && !order.tags.includes(QUALITY_CHECK_TAG)) ||
    name === 'pass_check';
  const tipsDue = name === 'rate' && order.mark >= POSITIVE_MARK;
  if (!delivered && !tipsDue) return geekMailed;
  const to = await ownerEmail(tx, order.userId);
  if (!to) return geekMailed;
  if (delivered) {
    const href = await mailLink(ctx, tx, order.userId, `/order/${order.id}/rating`, 'ratingemail');
    const { html, text } = renderMail({
      preview: 'Tell us how it went: one click on the stars.',
      heading: 'How did your Geek do?',
      paragraphs: [
        `Your Geek has sent the work for task #${order.number}: ${order.title}.`,
        'Rate it from 1 to 5 stars. If something is not right, tell us what went wrong and we will offer a free revision.',
      ],
      button: { label: 'Rate your task', href },
    });
    await ctx.mailer.enqueue(tx, {
      to,
      subject: `How did your Geek do? — task #${order.number}`,
      text,
      html,
    });
  } else {
    const href = await mailLink(ctx, tx, order.userId, `/order/${order.id}/tips`, 'tips_external');
    const { html, text } = renderMail({
      preview: 'Glad it went well. A tip goes straight to your Geek.',
      heading: 'Thank your Geek with a tip',
      paragraphs: [
        `Thank you for rating task #${order.number}: ${order.title}. We are glad it went well.`,
        'If you want to thank your Geek, a tip goes to them in full.',
      ],
      button: { label: 'Tip your Geek', href },
    });
    await ctx.mailer.enqueue(tx, { to, subject: `Thank your Geek — task #${order.number}`, text, html });
  }
  return true;
}
