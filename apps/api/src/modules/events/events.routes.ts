import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { sessionIsCurrent } from '../auth/index.ts';
import { eventsAfter, latestUserEventId } from './events.repository.ts';
import type { Live } from './live.ts';
import { serveEventStream } from './serve-event-stream.ts';

export function eventsRoutes(ctx: AppContext, session: Session, live: Live) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.get(
      '/events',
      {
        // A HEAD would get the headers and then a connection that never ends.
        exposeHeadRoute: false,
        schema: {
          tags: ['events'],
          summary:
            "Server-Sent Events: the caller's order, message and balance events. Each event's id may be sent back " +
            'as Last-Event-ID (or last_event_id) on reconnect to receive what was missed; a gap too old to replay ' +
            "answers a 'resync' event (refetch), a new stream starts with a 'ready' event; a 'ping' event every 20 s.",
          querystring: z.object({
            last_event_id: z
              .string()
              .max(20)
              .optional()
              .describe('For a tab that takes over the shared stream'),
          }),
          response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
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
    );
  };
}
