import {
  messageNotificationSchema,
  messageResponseSchema,
  sendMessageSchema,
} from '@geekly/domain/chat/message-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import {
  listClientMessages,
  messageFileUrl,
  messageNotifications,
  readClientMessage,
  sendClientMessage,
} from './send-message.ts';

const orderParams = z.object({ id: z.string().max(100) });

export function messagesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.get(
      '/orders/:id/messages',
      {
        schema: {
          tags: ['messages'],
          summary: "A task's messages, oldest first",
          params: orderParams,
          response: {
            200: z.object({ results: z.array(messageResponseSchema) }),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request) => listClientMessages(ctx, currentUser(request), request.params.id),
    );

    r.post(
      '/orders/:id/messages',
      {
        schema: {
          tags: ['messages'],
          summary:
            'Send a message to the operator: text and/or files uploaded with context "msgs"; past the messages per minute on the task, a 429 with Retry-After',
          params: orderParams,
          body: sendMessageSchema,
          response: { 201: messageResponseSchema, ...errorResponses(401, 404, 422, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendClientMessage(ctx, currentUser(request), request.params.id, request.body)),
    );

    r.patch(
      '/orders/:id/messages/:messageId',
      {
        schema: {
          tags: ['messages'],
          summary: 'Mark a message from the Geek or Account Manager read',
          params: orderParams.extend({ messageId: z.string().max(100) }),
          body: z.object({ status: z.literal('read') }),
          response: { 200: messageResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        readClientMessage(ctx, currentUser(request), request.params.id, request.params.messageId),
    );

    r.get(
      '/orders/:id/messages/:messageId/files/:fileId/download',
      {
        schema: {
          tags: ['messages'],
          summary: "Redirects to a short-lived signed address of a message's attachment",
          params: orderParams.extend({ messageId: z.string().max(100), fileId: z.string().max(100) }),
          response: { 302: z.null(), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const url = await messageFileUrl(ctx, currentUser(request), {
          orderId: request.params.id,
          messageId: request.params.messageId,
          fileId: request.params.fileId,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );

    r.get(
      '/notification',
      {
        schema: {
          tags: ['messages'],
          summary: 'Unread messages over all the caller’s tasks',
          querystring: z.object({ types: z.literal('allmessages') }),
          response: { 200: messageNotificationSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => messageNotifications(ctx, currentUser(request)),
    );
  };
}
