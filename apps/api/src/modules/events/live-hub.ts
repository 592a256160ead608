import type { Socket } from 'node:net';
import { createBatchWriter } from './batch-writes.ts';
import { endEventStream } from './event-stream.ts';
import { type ChannelNotice, isRevoked, isStudentEvent } from './events.repository.ts';

type Pending = { id: number; frame: string }[];

/**
 * One open stream: its socket, the token version of the session that opened it (a revocation to a later version
 * ends it, decision 027), and while it replays what it missed, the live events held back.
 */
export type Subscriber = {
  socket: Socket;
  version: number;
  held: Pending | null;
  /** The events its catch-up replayed from the table: their NOTIFY may still arrive, and is not sent twice. */
  replayed?: Set<number>;
};

/**
 * What a stream does with a live event: holds it while it catches up, skips it when the catch-up already
 * replayed it (a NOTIFY can come after the replay read its row), else writes it (true).
 */
export function takesLive(sub: Subscriber, id: number, frame: string): boolean {
  if (sub.held) {
    sub.held.push({ id, frame });
    return false;
  }
  return !sub.replayed?.has(id);
}

/**
 * Ends a stream at once, for a revoked session or one past the per-user limit: nothing more is sent, and a
 * client that reads nothing cannot keep the socket. Its 'close' removes it from its hub (already done here).
 */
export const dropStream = (socket: Socket) => socket.destroy();

export const PING = Buffer.from('event: ping\ndata: {}\n\n');

export const frameOf = (id: number, data: object) => `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The open streams of this process, by user. A notice reaches only its user's streams; its frame is built
 * once and written to each of them. Holds nothing but the socket and its session's version per stream (decision
 * 019). A user holds at most `maxPerUser` streams here: one more closes their oldest (decision 027).
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private count = 0;
  private readonly write = createBatchWriter();
  private readonly presence: { present(userId: string): void; absent(userId: string): void };
  private readonly maxPerUser: number;
  /** `presence` hears when a user's first stream opens here, and when their last one closes. */
  constructor(
    presence: { present(userId: string): void; absent(userId: string): void },
    maxPerUser = Number.POSITIVE_INFINITY,
  ) {
    this.presence = presence;
    this.maxPerUser = maxPerUser;
  }

  get subscriberCount() {
    return this.count;
  }

  get userCount() {
    return this.byUser.size;
  }

  add(userId: string, version: number, socket: Socket): Subscriber {
    const sub: Subscriber = { socket, version, held: [] };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
      this.presence.present(userId);
    }
    set.add(sub);
    this.count++;
    // A set iterates in insertion order: the first is the oldest.
    for (const oldest of set) {
      if (set.size <= this.maxPerUser) break;
      this.remove(userId, oldest);
      dropStream(oldest.socket);
    }
    return sub;
  }

  remove(userId: string, sub: Subscriber) {
    const set = this.byUser.get(userId);
    if (!set?.delete(sub)) return;
    this.count--;
    sub.held = null;
    if (set.size === 0) {
      this.byUser.delete(userId);
      this.presence.absent(userId);
    }
  }

  users() {
    return this.byUser.keys();
  }

  /** Ends the user's streams opened by a session older than token version `version` (decision 027). */
  revoke(userId: string, version: number) {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const sub of [...set]) {
      if (sub.version >= version) continue;
      this.remove(userId, sub);
      dropStream(sub.socket);
    }
  }

  deliver(notice: ChannelNotice) {
    if (isRevoked(notice)) {
      this.revoke(notice.u, notice.v);
      return 0;
    }
    const set = this.byUser.get(notice.u);
    if (!set || !isStudentEvent(notice.t)) return 0;
    const frame = frameOf(notice.id, notice.o ? { type: notice.t, order_id: notice.o } : { type: notice.t });
    // Encoded once for every stream of the user.
    const bytes = Buffer.from(frame);
    for (const sub of set) if (takesLive(sub, notice.id, frame)) this.write(sub.socket, bytes);
    return set.size;
  }

  /**
   * Heartbeat: keeps proxies from closing idle streams, and lets the browser tell a live stream from one a
   * sleeping laptop left dead (a named event, since EventSource does not surface comments).
   */
  beat() {
    for (const set of this.byUser.values())
      for (const sub of set) if (!sub.held) this.write(sub.socket, PING);
  }

  closeAll() {
    for (const set of this.byUser.values()) for (const sub of set) endEventStream(sub.socket);
  }
}
