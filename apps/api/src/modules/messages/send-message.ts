import type { opsSendMessageSchema, sendMessageSchema } from '@geekly/domain/chat/message-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { MessageFileRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { publishEvent } from '../events/events.repository.ts';
import { findOrderById, findUserOrder } from '../orders/orders.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { messageView } from './message-view.ts';
import {
  insertMessage,
  listOrderMessages,
  markMessageRead,
  messageSummary,
  queueMessageMail,
} from './messages.repository.ts';

type Files = z.output<typeof sendMessageSchema>['files'];

/**
 * Attachments come from the files feature (uploads with context "msgs"); until its attach call exists here a
 * message with files is refused rather than stored with files nobody can check or download.
 */
async function attachMessageFiles(_ctx: AppContext, files: Files): Promise<MessageFileRow[]> {
  if (files.length === 0) return [];
  throw new AppError('VALIDATION', 'Attachments are not available yet', {
    errorType: 'validation',
    errorValue: { files: 'Attachments are not available yet' },
  });
}

export async function listClientMessages(ctx: AppContext, user: UserRow, orderId: string) {
  const order = await findUserOrder(ctx.database.db, user.id, orderId);
  if (!order) throw notFound('Order not found');
  return { results: (await listOrderMessages(ctx.database.db, order.id)).map(messageView) };
}

export async function sendClientMessage(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
  input: z.output<typeof sendMessageSchema>,
) {
  const row = await ctx.database.db.transaction(async (tx) => {
    const order = await findUserOrder(tx, user.id, orderId);
    if (!order) throw notFound('Order not found');
    const files = await attachMessageFiles(ctx, input.files);
    const message = await insertMessage(tx, {
      orderId: order.id,
      senderRole: 'client',
      message: input.message.trim(),
      files,
    });
    // The client's other tabs and devices show it too.
    await publishEvent(tx, user.id, 'message', order.id);
    return message;
  });
  return messageView(row);
}

export async function readClientMessage(ctx: AppContext, user: UserRow, orderId: string, messageId: string) {
  return ctx.database.db.transaction(async (tx) => {
    const order = await findUserOrder(tx, user.id, orderId);
    if (!order) throw notFound('Order not found');
    const { row, changed } = await markMessageRead(tx, order.id, messageId);
    if (!row) throw notFound('Message not found');
    if (changed) await publishEvent(tx, user.id, 'message', order.id);
    return messageView(row);
  });
}

export async function listOpsMessages(ctx: AppContext, orderId: string) {
  const order = await findOrderById(ctx.database.db, orderId);
  if (!order) throw notFound('Order not found');
  return { results: (await listOrderMessages(ctx.database.db, order.id)).map(messageView) };
}

/** An operator's or Geek's message: the client's streams hear of it, and the batched mail is queued. */
export async function sendOpsMessage(
  ctx: AppContext,
  staff: UserRow,
  orderId: string,
  input: z.output<typeof opsSendMessageSchema>,
) {
  const row = await ctx.database.db.transaction(async (tx) => {
    const order = await findOrderById(tx, orderId);
    if (!order) throw notFound('Order not found');
    const files = await attachMessageFiles(ctx, input.files);
    const message = await insertMessage(tx, {
      orderId: order.id,
      senderRole: input.sender_role,
      message: input.message.trim(),
      files,
      staffId: staff.id,
    });
    await publishEvent(tx, order.userId, 'message', order.id);
    await queueMessageMail(tx, order.id, ctx.now());
    return message;
  });
  return messageView(row);
}

/** GET /notification?types=allmessages: unread counts over all the client's tasks. */
export async function messageNotifications(ctx: AppContext, user: UserRow) {
  const { unread, last, lastOwn } = await messageSummary(ctx.database.db, user.id);
  const orders = [...last.keys()].map((orderId) => {
    const lastMessage = last.get(orderId);
    return {
      order_id: orderId,
      unread: unread.get(orderId) ?? 0,
      last_message: lastMessage ? messageView(lastMessage) : null,
      last_own_message_at: lastOwn.get(orderId)?.toISOString() ?? null,
    };
  });
  return { unread: orders.reduce((n, o) => n + o.unread, 0), orders };
}
