import { messagesContract } from '@geekly/domain/chat/messages-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import {
  listClientMessages,
  messageFileUrl,
  messageNotifications,
  readClientMessage,
  sendClientMessage,
} from './send-message.ts';

export function messagesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.route({
      ...contractRoute(messagesContract.list, ['messages']),
      handler: async (request) => listClientMessages(ctx, currentUser(request), request.params.id),
    });

    r.route({
      ...contractRoute(messagesContract.send, ['messages']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await sendClientMessage(ctx, currentUser(request), request.params.id, request.body)),
    });

    r.route({
      ...contractRoute(messagesContract.markRead, ['messages']),
      handler: async (request) =>
        readClientMessage(ctx, currentUser(request), request.params.id, request.params.messageId),
    });

    r.route({
      ...contractRoute(messagesContract.downloadFile, ['messages']),
      handler: async (request, reply) => {
        const url = await messageFileUrl(ctx, currentUser(request), {
          orderId: request.params.id,
          messageId: request.params.messageId,
          fileId: request.params.fileId,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    });

    r.route({
      ...contractRoute(messagesContract.notification, ['messages']),
      handler: async (request) => messageNotifications(ctx, currentUser(request)),
    });
  };
}
