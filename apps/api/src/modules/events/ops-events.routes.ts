import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { Session } from '../../plugins/session.ts';
import { endEventStream, lastEventIdOf, openEventStream } from './event-stream.ts';
import { latestEventId, oldestEventId, REPLAY_LIMIT, taskEventsAfter } from './events.repository.ts';
import { frameOf, type Subscriber } from './live-hub.ts';
import type { StaffLive } from './staff-live.ts';

/**
 * Brings a new staff stream up to date, as the students' stream does (decision 019): replays every task event
 * after Last-Event-ID, or answers 'ready' / 'resync' so the back office refetches, then the held live events.
 */
async function catchUpStaff(ctx: AppContext, sub: Subscriber, lastId: number | undefined) {
  const db = ctx.database.db;
  let tooOld = lastId === undefined;
  let replayed: Awaited<ReturnType<typeof taskEventsAfter>> = [];
  if (lastId !== undefined) {
    const oldest = await oldestEventId(db);
    tooOld = oldest === null ? lastId > 0 : lastId < oldest - 1;
    if (!tooOld) {
      replayed = await taskEventsAfter(db, lastId, REPLAY_LIMIT + 1);
      tooOld = replayed.length > REPLAY_LIMIT;
    }
  }
  let latest = 0;
  if (tooOld) latest = await latestEventId(db);
  if (!sub.held) return; // closed meanwhile
  let out = '';
  const sent = new Set<number>();
  if (tooOld) {
    out += `id: ${latest}\nevent: ${lastId === undefined ? 'ready' : 'resync'}\ndata: {}\n\n`;
    for (const h of sub.held) if (h.id > latest) out += h.frame;
  } else {
    for (const e of replayed) {
      sent.add(e.id);
      out += frameOf(e.id, { type: e.type, order_id: e.orderId });
    }
    for (const h of sub.held) if (!sent.has(h.id) && h.id > (lastId ?? 0)) out += h.frame;
  }
  sub.held = null;
  if (out) sub.socket.write(out);
}

/**
 * GET /ops/events: the back office's live stream. Staff only, by the same bearer token as every operator call
 * (the web app reads it with fetch, which can send the Authorization header; EventSource cannot, and a token in
 * the address would reach logs and history). A client's token is refused 403 before anything is streamed.
 */
export function opsEventsRoutes(ctx: AppContext, session: Session, staffLive: StaffLive) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', session.requireStaff);

    r.get(
      '/ops/events',
      {
        // A HEAD would get the headers and then a connection that never ends.
        exposeHeadRoute: false,
        schema: {
          tags: ['ops', 'events'],
          summary:
            "Server-Sent Events for staff: every task's order and message events ({type, order_id}), whoever " +
            "the student is. Last-Event-ID (or last_event_id) replays what was missed; 'ready' starts a new " +
            "stream, 'resync' asks for a refetch, 'ping' every 20 s.",
          querystring: z.object({ last_event_id: z.string().max(20).optional() }),
          response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const lastId = lastEventIdOf(request);
        const socket = openEventStream(request, reply);
        if (!socket) return;
        const sub = staffLive.hub.add(socket);
        socket.on('close', () => staffLive.hub.remove(sub));
        try {
          await catchUpStaff(ctx, sub, lastId);
        } catch (err) {
          request.log.error(err);
          endEventStream(socket);
        }
      },
    );
  };
}
