import { eventsContract } from '@geekly/domain/events/events-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { sessionIsCurrent } from '../auth/index.ts';
import { latestEventId, taskEventsAfter } from './events.repository.ts';
import type { Live } from './live.ts';
import { serveEventStream } from './serve-event-stream.ts';

/**
 * GET /ops/events: the back office's live stream. Staff only, by the same bearer token as every operator call
 * (the web app reads it with fetch, which can send the Authorization header; EventSource cannot, and a token in
 * the address would reach logs and history). A client's token is refused 403 before anything is streamed.
 */
export function opsEventsRoutes(ctx: AppContext, session: Session, live: Live) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', session.requireStaff);

    r.route({
      ...contractRoute(eventsContract.staff, ['ops', 'events']),
      // A HEAD would get the headers and then a connection that never ends.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        // The stream ends when the session is revoked or the token that opened it expires (decision 027).
        const { id: userId, tokenVersion } = currentUser(request);
        const expiresAt = request.claims?.expiresAt ?? 0;
        request.user = null;
        request.claims = null;
        const db = ctx.database.db;
        await serveEventStream(request, reply, db, {
          subscribe: (socket) => live.hub.staff.add(userId, tokenVersion, expiresAt, socket),
          unsubscribe: (sub) => live.hub.staff.remove(sub),
          sessionIsCurrent: () => sessionIsCurrent(db, userId, tokenVersion, 'staff'),
          source: {
            after: (afterId, limit) => taskEventsAfter(db, afterId, limit),
            latest: () => latestEventId(db),
          },
        });
      },
    });
  };
}
