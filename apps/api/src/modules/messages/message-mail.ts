import { SENDER_LABELS } from '@geekly/domain/chat/chat-availability.ts';
import { eq } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema.ts';
import { every } from '../../lib/every.ts';
import { HEARTBEAT_MS } from '../events/live.ts';
import { mailLink } from '../notifications/mail-links.ts';
import { findOrderById } from '../orders/index.ts';
import {
  claimDueMessageMail,
  finishMessageMail,
  hasOpenStream,
  unreadForClient,
} from './messages.repository.ts';

const BATCH = 20;
const POLL_MS = 30_000;

/**
 * Sends the due message mails (issue 13): a task's unread messages from the Geek or Account Manager, batched in
 * one mail at most every 10 minutes, only to a client with no open stream on any process (a client watching
 * the site sees them live). Returns how many mails were queued.
 */
export async function sendDueMessageMails(ctx: AppContext): Promise<number> {
  const queued = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.now();
    let n = 0;
    for (const due of await claimDueMessageMail(tx, now, BATCH)) {
      const order = await findOrderById(tx, due.orderId);
      if (!order) continue;
      const unread = (await unreadForClient(tx, [order.id])).filter(
        (m) => !due.lastSentAt || m.createdAt > due.lastSentAt,
      );
      if (unread.length === 0 || (await hasOpenStream(tx, order.userId, HEARTBEAT_MS))) {
        await finishMessageMail(tx, order.id, null);
        continue;
      }
      const [owner] = await tx
        .select({ email: users.notificationEmail })
        .from(users)
        .where(eq(users.id, order.userId));
      if (!owner) continue;
      const href = await mailLink(ctx, tx, order.userId, `/order/${order.id}/messages`, 'messagesemail');
      const from = [...new Set(unread.map((m) => SENDER_LABELS[m.senderRole]))].join(' and ');
      const { html, text } = renderMail({
        preview: unread[unread.length - 1]?.message.slice(0, 120) ?? '',
        heading: unread.length === 1 ? `A new message from your ${from}` : `New messages from your ${from}`,
        paragraphs: [`About task #${order.number}: ${order.title}.`],
        quotes: unread.map((m) => ({
          from: SENDER_LABELS[m.senderRole],
          text: m.message || m.files.map((f) => f.name).join(', '),
        })),
        button: { label: 'Reply in the task messages', href },
      });
      await ctx.mailer.enqueue(tx, {
        to: owner.email,
        subject: `${unread.length === 1 ? 'New message' : `${unread.length} new messages`} — task #${order.number}`,
        text,
        html,
      });
      await finishMessageMail(tx, order.id, now);
      n++;
    }
    return n;
  });
  if (queued > 0) ctx.mailer.kick();
  return queued;
}

export function startMessageMailWorker(ctx: AppContext) {
  return every(POLL_MS, 'message mail', () => sendDueMessageMails(ctx));
}
