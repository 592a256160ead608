import type { Socket } from 'node:net';
import { type EventNotice, STAFF_EVENT_TYPES } from './events.repository.ts';
import { type Audience, dropStream, type Subscriber } from './stream-subscriber.ts';

/** A staff stream also knows its staff member, and when the token that opened it expires (decision 027). */
type StaffSubscriber = Subscriber & { userId: string; expiresAt: number };

/**
 * The back office's streams (decision 021, "Live back office"). Staff hear every task's order, message and
 * records events, whoever the student is. A staff member's streams end when their session is revoked or the token
 * that opened them expires, and one past `maxPerUser` closes their oldest (decision 027).
 */
export class StaffStreams implements Audience {
  private readonly subs = new Set<StaffSubscriber>();
  private readonly maxPerUser: number;
  constructor(maxPerUser: number) {
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

  users() {
    return new Set([...this.subs].map((s) => s.userId));
  }

  remove(sub: StaffSubscriber) {
    if (this.subs.delete(sub)) sub.held = null;
  }

  private drop(sub: StaffSubscriber) {
    this.remove(sub);
    dropStream(sub.socket);
  }

  pick(notice: EventNotice): Iterable<Subscriber> {
    return notice.o && STAFF_EVENT_TYPES.includes(notice.t) ? this.subs : [];
  }

  revoke(userId: string, version: number) {
    for (const sub of [...this.subs]) if (sub.userId === userId && sub.version < version) this.drop(sub);
  }

  /** Ends the streams whose token has expired by `now`; answers the others. */
  beat(now: Date) {
    const seconds = now.getTime() / 1000;
    for (const sub of [...this.subs]) if (sub.expiresAt <= seconds) this.drop(sub);
    return this.subs;
  }

  streams() {
    return this.subs;
  }
}
