import { messageResponseSchema, opsSendMessageSchema } from '@geekly/domain/chat/message-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { listOpsMessages, sendOpsMessage } from './send-message.ts';

const params = z.object({ id: z.string().max(100) });

/** The operator's side of a task's messages (staff bearer token only), as the Account Manager or the Geek. */
export function opsMessagesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Before validation: a client's token is refused 403 whatever its body (decision 021).
    app.addHook('preValidation', session.requireStaff);

    r.get(
      '/ops/orders/:id/messages',
      {
        schema: {
          tags: ['ops'],
          summary: "A task's messages, oldest first",
          params,
          response: {
            200: z.object({ results: z.array(messageResponseSchema) }),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => listOpsMessages(ctx, request.params.id),
    );

    r.post(
      '/ops/orders/:id/messages',
      {
        schema: {
          tags: ['ops'],
          summary: 'Write to the client as the Account Manager (operator) or the Geek (writer)',
          params,
          body: opsSendMessageSchema,
          response: { 201: messageResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendOpsMessage(ctx, currentUser(request), request.params.id, request.body)),
    );
  };
}
