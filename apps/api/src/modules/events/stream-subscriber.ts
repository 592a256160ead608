import type { Socket } from 'node:net';
import type { EventNotice } from './events.repository.ts';

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
 * client that reads nothing cannot keep the socket. Its 'close' removes it from its audience (already done here).
 */
export const dropStream = (socket: Socket) => socket.destroy();

export const PING = Buffer.from('event: ping\ndata: {}\n\n');

export const frameOf = (id: number, data: object) => `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * One kind of stream the hub serves (decision 067): its subscribers, and the strategy that picks which of them
 * an event reaches. The hub frames the event once and writes it to whatever each audience picks.
 */
export interface Audience {
  readonly subscriberCount: number;
  /** The streams this event reaches (none when it is not this audience's). */
  pick(notice: EventNotice): Iterable<Subscriber>;
  /** Ends the user's streams opened by a session older than token version `version` (decision 027). */
  revoke(userId: string, version: number): void;
  /** Heartbeat: ends what has expired by `now` (staff tokens), and answers the streams to ping. */
  beat(now: Date): Iterable<Subscriber>;
  /** The users with a stream open here. */
  users(): Iterable<string>;
  streams(): Iterable<Subscriber>;
}
