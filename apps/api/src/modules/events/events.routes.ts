import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { endEventStream, lastEventIdOf, openEventStream } from './event-stream.ts';
import { eventsAfter, latestUserEventId, oldestEventId, REPLAY_LIMIT } from './events.repository.ts';
import type { Live } from './live.ts';
import { frameOf, type Subscriber } from './live-hub.ts';

/**
 * Brings a new stream up to date: replays what a reconnecting stream missed (or tells it to refetch when the
 * gap is too old), then lets through the live events held back meanwhile, each once.
 */
async function catchUp(ctx: AppContext, userId: string, sub: Subscriber, lastId: number | undefined) {
  const db = ctx.database.db;
  const sent = new Set<number>();
  let replayed: { id: number; type: string; orderId: string | null }[] = [];
  let tooOld = lastId === undefined;
  if (lastId !== undefined) {
    const oldest = await oldestEventId(db);
    tooOld = oldest === null ? lastId > 0 : lastId < oldest - 1;
    if (!tooOld) {
      replayed = await eventsAfter(db, userId, lastId, REPLAY_LIMIT + 1);
      tooOld = replayed.length > REPLAY_LIMIT;
    }
  }
  if (!sub.held) return; // closed meanwhile
  let out = '';
  if (tooOld) {
    // No Last-Event-ID (a first stream) or a gap we cannot replay: the web app refetches what it shows.
    const latest = await latestUserEventId(db, userId);
    if (!sub.held) return;
    sent.add(latest);
    out += `id: ${latest}\nevent: ${lastId === undefined ? 'ready' : 'resync'}\ndata: {}\n\n`;
    for (const h of sub.held) if (h.id > latest) out += h.frame;
  } else {
    for (const e of replayed) {
      sent.add(e.id);
      out += frameOf(e.id, e.orderId ? { type: e.type, order_id: e.orderId } : { type: e.type });
    }
    for (const h of sub.held) if (!sent.has(h.id) && h.id > (lastId ?? 0)) out += h.frame;
  }
  sub.held = null;
  if (out) sub.socket.write(out);
}

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
        // id, not the user row the session loaded.
        const userId = currentUser(request).id;
        request.user = null;
        const lastId = lastEventIdOf(request);
        const socket = openEventStream(request, reply);
        if (!socket) return;
        const sub = live.hub.add(userId, socket);
        // A closed stream frees everything it held.
        socket.on('close', () => live.hub.remove(userId, sub));
        try {
          await catchUp(ctx, userId, sub, lastId);
        } catch (err) {
          request.log.error(err);
          endEventStream(socket);
        }
      },
    );
  };
}
