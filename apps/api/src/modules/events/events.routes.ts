import { eventsContract } from '@geekly/domain/events/events-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { sessionIsCurrent } from '../auth/index.ts';
import { eventsAfter, latestUserEventId } from './events.repository.ts';
import type { Live } from './live.ts';
import { serveEventStream } from './serve-event-stream.ts';

export function eventsRoutes(ctx: AppContext, session: Session, live: Live) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.route({
      ...contractRoute(eventsContract.students, ['events']),
      // A HEAD would get the headers and then a connection that never ends.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        // A stream lives for hours, so it keeps only what it needs (decision 019, bench/events.mjs): the user's
        // id and token version, not the user row the session loaded.
        const { id: userId, tokenVersion } = currentUser(request);
        request.user = null;
        const db = ctx.database.db;
        await serveEventStream(request, reply, db, {
          subscribe: (socket) => live.hub.students.add(userId, tokenVersion, socket),
          unsubscribe: (sub) => live.hub.students.remove(userId, sub),
          sessionIsCurrent: () => sessionIsCurrent(db, userId, tokenVersion, 'client'),
          source: {
            after: (afterId, limit) => eventsAfter(db, userId, afterId, limit),
            latest: () => latestUserEventId(db, userId),
          },
        });
      },
    });
  };
}
