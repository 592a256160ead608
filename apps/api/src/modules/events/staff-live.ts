import type { Socket } from 'node:net';
import type { AppContext } from '../../app-context.ts';
import { createBatchWriter } from './batch-writes.ts';
import { endEventStream } from './event-stream.ts';
import { EVENTS_CHANNEL, type EventNotice, STAFF_EVENT_TYPES } from './events.repository.ts';
import { HeardEvents } from './heard-events.ts';
import { HEARTBEAT_MS } from './live.ts';
import { frameOf, PING, type Subscriber } from './live-hub.ts';

/**
 * The back office's open streams in this process (decision 021, "Live back office"). Staff hear every task's
 * order and message events, whoever the student is; a notice is framed once and written to each staff stream.
 * A few staff streams at most, next to the students' hub (which this leaves alone).
 */
export class StaffHub {
  private readonly subs = new Set<Subscriber>();
  private readonly write = createBatchWriter();

  get subscriberCount() {
    return this.subs.size;
  }

  add(socket: Socket): Subscriber {
    const sub: Subscriber = { socket, held: [] };
    this.subs.add(sub);
    return sub;
  }

  remove(sub: Subscriber) {
    if (this.subs.delete(sub)) sub.held = null;
  }

  deliver(notice: EventNotice) {
    if (this.subs.size === 0 || !notice.o || !STAFF_EVENT_TYPES.includes(notice.t)) return;
    const frame = frameOf(notice.id, { type: notice.t, order_id: notice.o });
    const bytes = Buffer.from(frame);
    for (const sub of this.subs) {
      if (sub.held) sub.held.push({ id: notice.id, frame });
      else this.write(sub.socket, bytes);
    }
  }

  beat() {
    for (const sub of this.subs) if (!sub.held) this.write(sub.socket, PING);
  }

  closeAll() {
    for (const sub of this.subs) endEventStream(sub.socket);
  }
}

export type StaffLive = Awaited<ReturnType<typeof startStaffLive>>;

/**
 * This process's staff side: its own LISTEN on the events channel (one more connection per process on
 * PostgreSQL), so the students' hub and its memory work stay untouched; publishing is unchanged (NOTIFY in the
 * transaction of each change), so staff on any process hear changes made on any other.
 */
export async function startStaffLive(ctx: AppContext, opts: { heartbeatMs?: number } = {}) {
  const hub = new StaffHub();
  const db = ctx.database.db;
  const heard = await HeardEvents.start(db);
  const unlisten = await ctx.database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        const notice = JSON.parse(payload) as EventNotice;
        if (heard.heard(notice.id)) hub.deliver(notice);
      } catch (err) {
        console.error('bad live event notice (staff)', err);
      }
    },
    // Decision 031: back after a lost LISTEN connection, as the students' side (live.ts).
    () =>
      void heard.missed(db).then(
        (missed) => {
          if (missed === 'too many') hub.closeAll();
          else for (const notice of missed) hub.deliver(notice);
        },
        (err) => {
          console.error('staff events catch-up after a reconnect failed: ending the streams', err);
          hub.closeAll();
        },
      ),
  );
  const heartbeat = setInterval(() => hub.beat(), opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  return {
    hub,
    endStreams: () => hub.closeAll(),
    async stop() {
      clearInterval(heartbeat);
      await unlisten();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's staff streams (tests read the subscriber count). */
    staffLive: StaffLive;
  }
}
