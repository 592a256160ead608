import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { endEventStream, lastEventIdOf, openEventStream } from './event-stream.ts';
import { oldestEventId, REPLAY_LIMIT } from './events.repository.ts';
import { dropStream, frameOf, type Subscriber } from './stream-subscriber.ts';

type Replayed = { id: number; type: string; orderId: string | null };

/** Where a stream's events come from: the student's own, or every task's for staff. */
export type EventSource = {
  /** The stream's events after `afterId`, oldest first, at most `limit`. */
  after(afterId: number, limit: number): Promise<Replayed[]>;
  /** The id a new or resynced stream starts from. */
  latest(): Promise<number>;
};

/**
 * Brings a new stream up to date (decision 019): replays what a reconnecting stream missed, or tells it to
 * refetch ('ready' for a first stream, 'resync' for a gap too old to replay), then lets through the live events
 * held back meanwhile, each once; a replayed event's NOTIFY arriving later is skipped (`takesLive`).
 */
async function catchUp(db: Db, sub: Subscriber, lastId: number | undefined, source: EventSource) {
  let replayed: Replayed[] = [];
  let tooOld = lastId === undefined;
  if (lastId !== undefined) {
    const oldest = await oldestEventId(db);
    tooOld = oldest === null ? lastId > 0 : lastId < oldest - 1;
    if (!tooOld) {
      replayed = await source.after(lastId, REPLAY_LIMIT + 1);
      tooOld = replayed.length > REPLAY_LIMIT;
    }
  }
  const latest = tooOld ? await source.latest() : 0;
  if (!sub.held) return; // closed meanwhile
  let out = '';
  if (tooOld) {
    out += `id: ${latest}\nevent: ${lastId === undefined ? 'ready' : 'resync'}\ndata: {}\n\n`;
    for (const h of sub.held) if (h.id > latest) out += h.frame;
  } else {
    const sent = new Set<number>();
    for (const e of replayed) {
      sent.add(e.id);
      out += frameOf(e.id, e.orderId ? { type: e.type, order_id: e.orderId } : { type: e.type });
    }
    for (const h of sub.held) if (!sent.has(h.id) && h.id > (lastId ?? 0)) out += h.frame;
    if (sent.size > 0) sub.replayed = sent;
  }
  sub.held = null;
  if (out) sub.socket.write(out);
}

/**
 * Serves one event stream (the students' and the staff's): opens it, subscribes it to its hub until it closes,
 * and brings it up to date from Last-Event-ID. A catch-up that fails ends the stream; the browser reconnects.
 * Once in its hub (where a revocation reaches it), it checks that its session is still current: a log-out
 * committed while it was being opened ends it too (decision 027).
 */
export async function serveEventStream<S extends Subscriber>(
  request: FastifyRequest<{ Querystring: { last_event_id?: string } }>,
  reply: FastifyReply,
  db: Db,
  stream: {
    subscribe(socket: Socket): S;
    unsubscribe(sub: S): void;
    sessionIsCurrent(): Promise<boolean>;
    source: EventSource;
  },
) {
  const lastId = lastEventIdOf(request);
  const socket = openEventStream(request, reply);
  if (!socket) return;
  const sub = stream.subscribe(socket);
  // A closed stream frees everything it held.
  socket.on('close', () => stream.unsubscribe(sub));
  try {
    if (!(await stream.sessionIsCurrent())) {
      stream.unsubscribe(sub);
      dropStream(socket);
      return;
    }
    await catchUp(db, sub, lastId, stream.source);
  } catch (err) {
    request.log.error(err);
    endEventStream(socket);
  }
}
