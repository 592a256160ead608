import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { messageNotificationSchema, messageResponseSchema, sendMessageSchema } from './message-schemas.ts';

// docs/product/messages.md: the student's messages with the operator on a task, and the unread counts.

const orderParams = z.object({ id: z.string().max(100) });
const messageParams = orderParams.extend({ messageId: z.string().max(100) });

const messageListSchema = z.object({ results: z.array(messageResponseSchema) });

export const messagesContract = {
  list: endpoint({
    method: 'GET',
    path: '/orders/:id/messages',
    summary: "A task's messages, oldest first",
    params: orderParams,
    responses: { 200: messageListSchema },
    errors: [401, 404],
  }),
  send: endpoint({
    method: 'POST',
    path: '/orders/:id/messages',
    summary:
      'Send a message to the operator: text and/or files uploaded with context "msgs"; past the messages per minute on the task, a 429 with Retry-After',
    params: orderParams,
    body: sendMessageSchema,
    responses: { 201: messageResponseSchema },
    errors: [401, 404, 422, 429],
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: '/orders/:id/messages/:messageId',
    summary: 'Mark a message from the Geek or Account Manager read',
    params: messageParams,
    body: z.object({ status: z.literal('read') }),
    responses: { 200: messageResponseSchema },
    errors: [401, 404, 422],
  }),
  downloadFile: endpoint({
    method: 'GET',
    path: '/orders/:id/messages/:messageId/files/:fileId/download',
    summary: "Redirects to a short-lived signed address of a message's attachment",
    params: messageParams.extend({ fileId: z.string().max(100) }),
    responses: { 302: z.null() },
    errors: [401, 404],
  }),
  notification: endpoint({
    method: 'GET',
    path: '/notification',
    summary:
      'Unread messages over all the caller’s tasks: the total, and the tasks with unread messages, of the newest message and of the caller’s last message (any other task has none unread)',
    query: z.object({ types: z.literal('allmessages') }),
    responses: { 200: messageNotificationSchema },
    errors: [401, 422],
  }),
};
