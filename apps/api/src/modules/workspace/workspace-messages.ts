import {
  studentLabel,
  type workspaceSendMessageSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { messageView } from '../messages/message-view.ts';
import { listOrderMessages } from '../messages/messages.repository.ts';
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
