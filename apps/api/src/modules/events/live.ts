import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import {
  type ChannelNotice,
  currentVersions,
  dropPresence,
  EVENTS_CHANNEL,
  isRevoked,
  markAbsent,
  markPresent,
  markPresentAll,
  refreshPresence,
} from './events.repository.ts';
import { HeardEvents } from './heard-events.ts';
import { LiveHub } from './live-hub.ts';

export const HEARTBEAT_MS = 20_000;

export type Live = Awaited<ReturnType<typeof startLive>>;

/**
 * This process's side of live updates (decisions 019, 067): one LISTEN for every stream it serves, students',
 * Geeks' and staff's alike, one heartbeat for all of them, and the presence rows other processes read before
 * mailing.
 */
export async function startLive(
  ctx: AppContext,
  opts: {
    heartbeatMs?: number;
    /** `ms`: the writes handed to every stream; `flushedMs`: until Node has passed them to the kernel. */
    onDelivered?: (streams: number, ms: number, flushedMs: number) => void;
  } = {},
) {
  const db = ctx.database.db;
  const processId = randomUUID();
  const quietly = (p: Promise<unknown>) => void p.catch((err) => console.error('live presence', err));
  const hub = new LiveHub(
    {
      present: (userId) => quietly(markPresent(db, userId, processId)),
      absent: (userId) => quietly(markAbsent(db, userId, processId)),
    },
    ctx.config.EVENT_STREAMS_PER_USER,
  );
  const heard = await HeardEvents.start(db);
  const unlisten = await ctx.database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        const started = performance.now();
        const notice = JSON.parse(payload) as ChannelNotice;
        // A revocation is no stored event: it is never replayed, so it has no id to remember.
        if (!isRevoked(notice) && !heard.heard(notice.id)) return;
        const streams = hub.deliver(notice);
        if (streams > 0 && opts.onDelivered) {
          const ms = performance.now() - started;
          // Node sends the corked writes on the next tick; an immediate runs after them.
          setImmediate(() => opts.onDelivered?.(streams, ms, performance.now() - started));
        }
      } catch (err) {
        console.error('bad live event notice', err);
      }
    },
    // Decision 031: the LISTEN connection was lost and is back. What was published meanwhile reaches the open
    // streams from the events table; too much of it, or no table to read, ends them instead, and each browser
    // replays its own gap from Last-Event-ID. Presence rows written meanwhile may have failed: written again.
    () =>
      void (async () => {
        try {
          const missed = await heard.missed(db);
          if (missed === 'too many') hub.closeAll();
          else for (const notice of missed) hub.deliver(notice);
          for (const revoked of await currentVersions(db, hub.users())) hub.deliver(revoked);
          await markPresentAll(db, hub.presentUsers(), processId);
        } catch (err) {
          console.error('live events catch-up after a reconnect failed: ending the streams', err);
          hub.closeAll();
        }
      })(),
  );
  const heartbeat = setInterval(() => {
    hub.beat(ctx.now());
    if (hub.userCount > 0) quietly(refreshPresence(db, processId));
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    hub,
    processId,
    /** Ends every open stream (before the server closes, which would otherwise wait for them). */
    endStreams: () => hub.closeAll(),
    async stop() {
      clearInterval(heartbeat);
      await unlisten();
      await dropPresence(db, processId).catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live streams (tests read the subscriber counts). */
    live: Live;
  }
}
