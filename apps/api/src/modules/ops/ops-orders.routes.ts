import { opsOrdersContract } from '@geekly/domain/ops/ops-orders-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { trustedViewSerializer } from '../../plugins/openapi.ts';
import { currentUser, type Session, sessionClaims } from '../../plugins/session.ts';
import { applyOperatorTransition, operatorOrder } from './operator-orders.ts';
import { operatorQueue } from './order-queue.ts';
import { refundPart } from './partial-refund.ts';
import { addOrderNote, orderMoney, orderNotesList, orderTimeline } from './task-records.ts';

/** The operator API's task calls (staff only: registered behind requireStaff). */
export function opsOrderRoutes(ctx: AppContext, app: FastifyInstance, session: Session) {
  const s = app.withTypeProvider<ZodTypeProvider>();

  s.route({
    ...contractRoute(opsOrdersContract.queue, ['ops']),
    // Built by operatorQueue's typed rows: written as it is (the queue's tests parse it with the schema).
    ...trustedViewSerializer,
    // The queue's statement checks the staff session itself (issue 36).
    config: { staffSessionInStatement: true },
    handler: async (request, reply) =>
      (await operatorQueue(ctx, sessionClaims(request), {
        q: request.query.q,
        group: request.query.group as never,
        status: request.query.status,
        all: request.query.all === 'true',
        after: request.query.after,
      })) ?? session.refuseStaff(request, reply),
  });

  s.route({
    ...contractRoute(opsOrdersContract.order, ['ops']),
    handler: async (request) => operatorOrder(ctx, request.params.id),
  });

  s.route({
    ...contractRoute(opsOrdersContract.transition, ['ops']),
    handler: async (request) =>
      applyOperatorTransition(ctx, currentUser(request), request.params.id, request.body),
  });

  s.route({
    ...contractRoute(opsOrdersContract.refund, ['ops']),
    handler: async (request, reply) => {
      const { amount, to, memo } = request.body;
      reply.code(201);
      return refundPart(ctx, currentUser(request), request.params.id, { amountCents: amount, to, memo });
    },
  });

  s.route({
    ...contractRoute(opsOrdersContract.notes, ['ops']),
    handler: async (request) => orderNotesList(ctx, request.params.id),
  });

  s.route({
    ...contractRoute(opsOrdersContract.addNote, ['ops']),
    handler: async (request, reply) => {
      reply.code(201);
      return addOrderNote(ctx, currentUser(request), request.params.id, request.body.body);
    },
  });

  s.route({
    ...contractRoute(opsOrdersContract.money, ['ops']),
    handler: async (request) => orderMoney(ctx, request.params.id),
  });

  s.route({
    ...contractRoute(opsOrdersContract.timeline, ['ops']),
    handler: async (request) => orderTimeline(ctx, request.params.id),
  });
}
