import { DOWNLOAD_URL_SECONDS } from '@geekly/domain/files/file-limits.ts';
import {
  studentLabel,
  type workspaceSendMessageSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { findMessage, listOrderMessages } from '../messages/index.ts';
import { messageView } from '../messages/message-view.ts';
import { sendGeekMessage } from '../messages/send-message.ts';
import type { SignedInGeek } from './geek-logins.repository.ts';
import { geekActor, markTaskRead, ownTask } from './workspace-tasks.ts';

/**
 * GET /workspace/tasks/:id/messages: the conversation of the task with its student: the student's messages (as
 * 'Student <number>') and the Geek's; staff's own words to the student stay between them. Reading marks the
 * student's messages read for the Geek.
 */
export async function listWorkspaceMessages(ctx: AppContext, signed: SignedInGeek, orderId: string) {
  const row = await ownTask(ctx, signed, orderId);
  const messages = await listOrderMessages(ctx.database.db, row.id);
  await markTaskRead(ctx, row.id);
  return {
    results: messages
      .filter((m) => m.senderRole === 'client' || m.senderRole === 'writer')
      .map((m) => ({
        ...messageView(m),
        ...(m.senderRole === 'client' ? { name: studentLabel(row.number) } : {}),
      })),
  };
}

/** POST /workspace/tasks/:id/messages: written as `writer` by this Geek, through the messages module. */
export async function sendWorkspaceMessage(
  ctx: AppContext,
  signed: SignedInGeek,
  orderId: string,
  input: z.output<typeof workspaceSendMessageSchema>,
) {
  const row = await ownTask(ctx, signed, orderId);
  return sendGeekMessage(ctx, { id: signed.geek.id, actor: geekActor(signed) }, row.id, input);
}

/** A short-lived signed address of a message's attachment in the conversation of this Geek's task. */
export async function workspaceMessageFileUrl(
  ctx: AppContext,
  signed: SignedInGeek,
  ids: { orderId: string; messageId: string; fileId: string },
) {
  const row = await ownTask(ctx, signed, ids.orderId);
  const message = await findMessage(ctx.database.db, row.id, ids.messageId);
  const visible = message?.senderRole === 'client' || message?.senderRole === 'writer';
  const file = visible ? message?.files.find((f) => f.id === ids.fileId) : undefined;
  if (!file) throw notFound('File not found');
  return ctx.storage.signedDownloadUrl(file.location, {
    fileName: file.name,
    contentType: file.type,
    expiresAt: new Date(ctx.now().getTime() + DOWNLOAD_URL_SECONDS * 1000),
  });
}
