import type { OrderNotice } from '@geekly/domain/orders/order-machine.ts';
import type { MailMessage } from '../../adapters/mail/mail-transport.ts';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { OrderRow } from './orders.repository.ts';

const TEXTS: Record<OrderNotice, { subject: string; body: string }> = {
  geek_assigned: { subject: 'A Geek is on your task', body: 'We found a Geek for your task.' },
  order_delivered: {
    subject: 'Your task is ready',
    body: 'Your Geek has sent the work. Open your task to see where it stands; a separate mail asks how it went.',
  },
  revision_accepted: {
    subject: 'Your revision is in progress',
    body: 'Your Geek is working on your revision.',
  },
  revision_declined: {
    subject: 'About your revision request',
    body: 'We could not take your revision request. Please write to us in the task messages to talk it over.',
  },
  revision_delivered: { subject: 'Your revision is ready', body: 'Your Geek has sent the revised work.' },
  refund_requested: {
    subject: 'We received your refund request',
    body: 'We will review your refund request and write to you with our decision. You can follow it on your task page.',
  },
  refund_accepted: {
    subject: 'Your refund is accepted',
    body: 'We accepted your refund request. Money refunded to your balance is there now; a card refund takes 3-5 business days.',
  },
  refund_declined: {
    subject: 'About your refund request',
    body: 'We reviewed your refund request and could not accept it. Please write to us if you have questions.',
  },
};

/**
 * `link` is the one-time log-in link that opens the task (issued with the mail, see apply-order-transition); it
 * carries the spec's #orderemail marker. HTML rendered with React, and the same words as plain text.
 */
export function orderNoticeMail(notice: OrderNotice, order: OrderRow, to: string, link: string): MailMessage {
  const t = TEXTS[notice];
  const { html, text } = renderMail({
    preview: t.body,
    heading: t.subject,
    paragraphs: [t.body, `Task #${order.number}: ${order.title}`],
    button: { label: 'Open your task', href: link },
  });
  return { to, subject: `${t.subject} — task #${order.number}`, text, html };
}
