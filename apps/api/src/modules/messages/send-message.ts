import { randomUUID } from 'node:crypto';
import type { opsSendMessageSchema, sendMessageSchema } from '@geekly/domain/chat/message-schemas.ts';
import { DOWNLOAD_URL_SECONDS } from '@geekly/domain/files/file-limits.ts';
import type { z } from 'zod';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import type { MessageFileRow } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { type AuditActor, staffActor, writeAudit } from '../audit/audit.ts';
import { publishEvent } from '../events/index.ts';
import { claimUploads, type UploadKind, type VerifiedUpload, verifyUploads } from '../files/uploads.ts';
import { markGeekSeen } from '../geeks/index.ts';
import { takeQuota } from '../limits/quotas.ts';
import { usageLimits } from '../limits/usage-limits.ts';
import { findOrderById, findUserOrder } from '../orders/index.ts';
import { tellGeekOfMessage } from './geek-message-mail.ts';
import { messageView } from './message-view.ts';
import {
  findMessage,
  insertMessage,
  listOrderMessages,
  markMessageRead,
  messageSummary,
  queueMessageMail,
} from './messages.repository.ts';

type Files = z.output<typeof sendMessageSchema>['files'];

/**
 * Message attachments are uploads signed for this task with context "msgs" (the operator's: its Geek uploads),
 * checked in storage before the transaction (files module, decision 015) and claimed inside it, so one upload
 * goes with one message only.
 */
async function verifyMessageFiles(
  ctx: AppContext,
  orderId: string,
  uploaderId: string,
  kinds: readonly UploadKind[],
  files: Files,
) {
  if (files.length === 0) return [];
  return verifyUploads(ctx, { orderId, userId: uploaderId, kinds, files });
}

async function claimMessageFiles(
  tx: Db,
  storage: FileStorage,
  verified: VerifiedUpload[],
  now: Date,
): Promise<MessageFileRow[]> {
  if (verified.length === 0) return [];
  await claimUploads(tx, storage, verified, now);
  return verified.map((u) => ({
    id: randomUUID(),
    name: u.name,
    size: u.size,
    type: u.contentType,
    location: u.key,
  }));
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
  const found = await findUserOrder(ctx.database.db, user.id, orderId);
  if (!found) throw notFound('Order not found');
  // Decision 030: each message mails the staff; a client sends at most MESSAGES_PER_MINUTE on one task, and
  // (decision 052) STUDENT_MESSAGES_PER_MINUTE across all their tasks.
  const limits = usageLimits(ctx.config);
  await takeQuota(ctx.database.db, limits.messages, found.id);
  await takeQuota(ctx.database.db, limits.studentMessages, user.id);
  const verified = await verifyMessageFiles(ctx, found.id, user.id, ['msgs'], input.files);
  const row = await ctx.database.db.transaction(async (tx) => {
    const order = await findUserOrder(tx, user.id, orderId);
    if (!order) throw notFound('Order not found');
    const files = await claimMessageFiles(tx, ctx.storage, verified, ctx.now());
    const message = await insertMessage(tx, {
      orderId: order.id,
      senderRole: 'client',
      message: input.message.trim(),
      files,
      createdAt: ctx.now(),
    });
    // The client's other tabs and devices show it too; so does the task's Geek (decision 047), or their mail.
    await publishEvent(tx, user.id, 'message', order.id);
    if (order.geekId) await tellGeekOfMessage(ctx, tx, order, message.message);
    return message;
  });
  if (found.geekId) ctx.mailer.kick();
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

/** Who writes a team message: staff (as the operator or the Geek), the autopilot, or the Geek themselves. */
type TeamSender = {
  /** Whose uploads its files must be (a users id, or the Geek's geeks id). */
  uploaderId: string;
  staffId: string | null;
  actor: AuditActor;
};

/**
 * An operator's or Geek's message: the client's and the task Geek's streams hear of it, and the batched mail is
 * queued; a message as the Geek makes the task's Geek count as online (decision 022). The demo autopilot comes
 * here as `opts.actor`, recording its step in `opts.beforeSend`, which runs first in the same transaction.
 */
export async function sendOpsMessage(
  ctx: AppContext,
  staff: UserRow,
  orderId: string,
  input: z.output<typeof opsSendMessageSchema>,
  opts: { actor?: AuditActor; beforeSend?: (tx: Db) => Promise<void> } = {},
) {
  const sender = { uploaderId: staff.id, staffId: staff.id, actor: opts.actor ?? staffActor(staff) };
  return sendTeamMessage(ctx, sender, orderId, input, opts.beforeSend);
}

/**
 * A Geek's own message from the workspace (decision 047): written as `writer` by the task's Geek, shown to the
 * student under the Geek's public name, exactly as staff's 'Reply as: The Geek' is. The caller checked the task is
 * theirs; it is checked again in the transaction.
 */
export async function sendGeekMessage(
  ctx: AppContext,
  geek: { id: string; actor: AuditActor },
  orderId: string,
  input: { message: string; files: Files },
) {
  const sender = { uploaderId: geek.id, staffId: null, actor: geek.actor };
  return sendTeamMessage(ctx, sender, orderId, { ...input, sender_role: 'writer' }, async (tx) => {
    const order = await findOrderById(tx, orderId);
    if (order?.geekId !== geek.id) throw notFound('Task not found');
  });
}

async function sendTeamMessage(
  ctx: AppContext,
  sender: TeamSender,
  orderId: string,
  input: z.output<typeof opsSendMessageSchema>,
  beforeSend?: (tx: Db) => Promise<void>,
) {
  const found = await findOrderById(ctx.database.db, orderId);
  if (!found) throw notFound('Order not found');
  const verified = await verifyMessageFiles(ctx, found.id, sender.uploaderId, ['geek'], input.files);
  const row = await ctx.database.db.transaction(async (tx) => {
    const order = await findOrderById(tx, orderId);
    if (!order) throw notFound('Order not found');
    // First, before any row that refers to the task: the hook may lock the task's row (a lock taken after the
    // inserts' foreign-key share locks could deadlock with another transaction doing the same).
    await beforeSend?.(tx);
    const files = await claimMessageFiles(tx, ctx.storage, verified, ctx.now());
    const message = await insertMessage(tx, {
      orderId: order.id,
      senderRole: input.sender_role,
      message: input.message.trim(),
      files,
      staffId: sender.staffId,
      geekId: input.sender_role === 'writer' ? order.geekId : null,
      createdAt: ctx.now(),
    });
    await writeAudit(tx, sender.actor, {
      action: 'message',
      orderId: order.id,
      details: {
        sender_role: input.sender_role,
        message: message.message.slice(0, 500),
        files: files.length,
      },
    });
    if (input.sender_role === 'writer' && order.geekId) await markGeekSeen(tx, order.geekId, ctx.now());
    await publishEvent(tx, order.userId, 'message', order.id);
    if (order.geekId) await publishEvent(tx, order.geekId, 'message', order.id);
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

/** A short-lived signed address of a message's attachment, for the task's owner only. */
export async function messageFileUrl(
  ctx: AppContext,
  user: UserRow,
  ids: { orderId: string; messageId: string; fileId: string },
) {
  const order = await findUserOrder(ctx.database.db, user.id, ids.orderId);
  if (!order) throw notFound('Order not found');
  const message = await findMessage(ctx.database.db, order.id, ids.messageId);
  const file = message?.files.find((f) => f.id === ids.fileId);
  if (!file) throw notFound('File not found');
  return ctx.storage.signedDownloadUrl(file.location, {
    fileName: file.name,
    contentType: file.type,
    expiresAt: new Date(ctx.now().getTime() + DOWNLOAD_URL_SECONDS * 1000),
  });
}
