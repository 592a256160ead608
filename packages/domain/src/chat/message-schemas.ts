import { z } from 'zod';
import { SENDER_ROLES } from './chat-availability.ts';

/**
 * The specs give no message length limit; 5,000 characters holds a long brief and keeps a single message
 * readable in the panel (decision 019).
 */
export const MESSAGE_MAX_LENGTH = 5000;
/** Files per message: the attached-files strip stays one row on a phone. */
export const MESSAGE_MAX_FILES = 10;

export const MESSAGE_TEXTS = {
  empty: 'Please type a message or attach a file',
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH} characters`,
} as const;

export const messageFileInputSchema = z.object({
  location: z.string().min(1).max(1000),
  name: z.string().min(1).max(255),
  size: z.number().int().min(0).max(1_000_000_000),
  type: z.string().max(255),
});

const messageText = z.string().max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong).default('');

/** docs/product/messages.md "Message send payload": message, to_user (always 'operator', docs/product/messages.md), files. */
export const sendMessageSchema = z
  .object({
    message: messageText,
    to_user: z.literal('operator').default('operator'),
    files: z.array(messageFileInputSchema).max(MESSAGE_MAX_FILES).default([]),
  })
  .refine((m) => m.message.trim().length > 0 || m.files.length > 0, {
    message: MESSAGE_TEXTS.empty,
    path: ['message'],
  });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const opsSendMessageSchema = z
  .object({
    message: messageText,
    sender_role: z.enum(['operator', 'writer']),
    files: z.array(messageFileInputSchema).max(MESSAGE_MAX_FILES).default([]),
  })
  .refine((m) => m.message.trim().length > 0 || m.files.length > 0, {
    message: MESSAGE_TEXTS.empty,
    path: ['message'],
  });

const messageFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
});

export const messageResponseSchema = z.object({
  _id: z.string(),
  sender_role: z.enum(SENDER_ROLES),
  /** docs/product/messages.md Message "name": the Geek's public name on the Geek's messages, null on the others. */
  name: z.string().nullable(),
  message: z.string(),
  status: z.enum(['unread', 'read']),
  created_at: z.string(),
  files: z.array(messageFileSchema),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const messageNotificationSchema = z.object({
  unread: z.number().int(),
  /**
   * Not every task (decision 056): the tasks with unread messages, the task of the newest message (the newest
   * conversation) and the task of the client's own last message. A task not listed has no unread message.
   */
  orders: z.array(
    z.object({
      order_id: z.string(),
      unread: z.number().int(),
      /** Newest message of the task (any sender), for the bubble preview. */
      last_message: messageResponseSchema.nullable(),
      /** When the client last wrote on this task (the bubble waits 20 minutes after it, docs/product/messages.md). */
      last_own_message_at: z.string().nullable(),
    }),
  ),
});

/** docs/product/account.md: the 'New' badge shows only on messages not from the client. */
export const showsNewBadge = (m: Pick<MessageResponse, 'sender_role' | 'status'>) =>
  m.sender_role !== 'client' && m.status === 'unread';

/** docs/product/messages.md: messages older than 12 hours show their date ('MMM D, HH:mm A'). */
export const MESSAGE_DATE_AFTER_MS = 12 * 3_600_000;

/** docs/product/messages.md: the send button shows only with loaded attachments, or text and no attachments. */
export function canSendMessage(text: string, files: { status: 'progress' | 'failed' | 'loaded' }[]): boolean {
  if (files.length > 0) return files.every((f) => f.status === 'loaded');
  return text.trim().length > 0;
}

/** Live events carried by GET /events (docs/product/http-api.md). */
export const LIVE_EVENT_TYPES = ['order', 'message', 'balance'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export type LiveEvent = { type: LiveEventType | 'resync'; order_id?: string };
