import { opsOrdersContract } from '@geekly/domain/ops/ops-orders-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { listOpsMessages, sendOpsMessage } from './send-message.ts';

/** The operator's side of a task's messages (staff bearer token only), as the Account Manager or the Geek. */
export function opsMessagesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Before validation: a client's token is refused 403 whatever its body (decision 021).
    app.addHook('preValidation', session.requireStaff);

    r.route({
      ...contractRoute(opsOrdersContract.messages, ['ops']),
      handler: async (request) => listOpsMessages(ctx, request.params.id),
    });

    r.route({
      ...contractRoute(opsOrdersContract.sendMessage, ['ops']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await sendOpsMessage(ctx, currentUser(request), request.params.id, request.body)),
    });
  };
}
