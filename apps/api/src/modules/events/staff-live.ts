import type { Socket } from 'node:net';
import type { AppContext } from '../../app-context.ts';
import { createBatchWriter } from './batch-writes.ts';
import { endEventStream } from './event-stream.ts';
import {
  type ChannelNotice,
  currentVersions,
  EVENTS_CHANNEL,
  isRevoked,
  STAFF_EVENT_TYPES,
} from './events.repository.ts';
import { HeardEvents } from './heard-events.ts';
import { HEARTBEAT_MS } from './live.ts';
import { dropStream, frameOf, PING, type Subscriber, takesLive } from './live-hub.ts';

/** A staff stream also knows its staff member, and when the token that opened it expires (decision 027). */
export type StaffSubscriber = Subscriber & { userId: string; expiresAt: number };

/**
 * The back office's open streams in this process (decision 021, "Live back office"). Staff hear every task's
 * order and message events, whoever the student is; a notice is framed once and written to each staff stream.
 * A few staff streams at most, next to the students' hub (which this leaves alone). A staff member's streams end
 * when their session is revoked or the token that opened them expires, and one past `maxPerUser` closes their
 * oldest (decision 027).
 */
export class StaffHub {
  private readonly subs = new Set<StaffSubscriber>();
  private readonly write = createBatchWriter();
  private readonly maxPerUser: number;
  constructor(maxPerUser = Number.POSITIVE_INFINITY) {
    this.maxPerUser = maxPerUser;
  }

  get subscriberCount() {
    return this.subs.size;
  }

  add(userId: string, version: number, expiresAt: number, socket: Socket): StaffSubscriber {
    const sub: StaffSubscriber = { socket, version, held: [], userId, expiresAt };
    this.subs.add(sub);
    let count = 0;
    for (const s of this.subs) if (s.userId === userId) count++;
    // A set iterates in insertion order: the first of the user's is their oldest.
    for (const oldest of this.subs) {
      if (count <= this.maxPerUser) break;
      if (oldest.userId !== userId) continue;
      this.drop(oldest);
      count--;
    }
    return sub;
  }

  /** The staff members with a stream open here. */
  users() {
    return [...new Set([...this.subs].map((s) => s.userId))];
  }

  remove(sub: StaffSubscriber) {
    if (this.subs.delete(sub)) sub.held = null;
  }

  private drop(sub: StaffSubscriber) {
    this.remove(sub);
    dropStream(sub.socket);
  }

  deliver(notice: ChannelNotice) {
    if (isRevoked(notice)) {
      for (const sub of [...this.subs]) if (sub.userId === notice.u && sub.version < notice.v) this.drop(sub);
      return;
    }
    if (this.subs.size === 0 || !notice.o || !STAFF_EVENT_TYPES.includes(notice.t)) return;
    const frame = frameOf(notice.id, { type: notice.t, order_id: notice.o });
    const bytes = Buffer.from(frame);
    for (const sub of this.subs) if (takesLive(sub, notice.id, frame)) this.write(sub.socket, bytes);
  }

  /** The heartbeat: ends the streams whose token has expired by `now`, and pings the others. */
  beat(now: Date) {
    const seconds = now.getTime() / 1000;
    for (const sub of [...this.subs]) {
      if (sub.expiresAt <= seconds) this.drop(sub);
      else if (!sub.held) this.write(sub.socket, PING);
    }
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
  const hub = new StaffHub(ctx.config.EVENT_STREAMS_PER_USER);
  const db = ctx.database.db;
  const heard = await HeardEvents.start(db);
  const unlisten = await ctx.database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        const notice = JSON.parse(payload) as ChannelNotice;
        if (isRevoked(notice) || heard.heard(notice.id)) hub.deliver(notice);
      } catch (err) {
        console.error('bad live event notice (staff)', err);
      }
    },
    // Decision 031: back after a lost LISTEN connection, as the students' side (live.ts).
    () =>
      void (async () => {
        try {
          const missed = await heard.missed(db);
          if (missed === 'too many') hub.closeAll();
          else for (const notice of missed) hub.deliver(notice);
          for (const revoked of await currentVersions(db, hub.users())) hub.deliver(revoked);
        } catch (err) {
          console.error('staff events catch-up after a reconnect failed: ending the streams', err);
          hub.closeAll();
        }
      })(),
  );
  const heartbeat = setInterval(() => hub.beat(ctx.now()), opts.heartbeatMs ?? HEARTBEAT_MS);
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
