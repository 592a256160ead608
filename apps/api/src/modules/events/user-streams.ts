import type { Socket } from 'node:net';
import type { EventNotice, StoredEventType } from './events.repository.ts';
import { type Audience, dropStream, type Subscriber } from './stream-subscriber.ts';

/**
 * Streams kept by user, students' or Geeks' (decisions 019, 047): a notice reaches its user's streams, when its
 * type is one this audience hears (`hears`). A user holds at most `maxPerUser` streams here: one more closes their
 * oldest (decision 027).
 */
export class UserStreams implements Audience {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private count = 0;
  private readonly presence: { present(userId: string): void; absent(userId: string): void };
  private readonly maxPerUser: number;
  private readonly hears: (type: StoredEventType) => boolean;

  constructor(
    presence: { present(userId: string): void; absent(userId: string): void },
    maxPerUser: number,
    hears: (type: StoredEventType) => boolean,
  ) {
    this.presence = presence;
    this.maxPerUser = maxPerUser;
    this.hears = hears;
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

  pick(notice: EventNotice): Iterable<Subscriber> {
    const set = this.byUser.get(notice.u);
    return set && this.hears(notice.t) ? set : [];
  }

  revoke(userId: string, version: number) {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const sub of [...set]) {
      if (sub.version >= version) continue;
      this.remove(userId, sub);
      dropStream(sub.socket);
    }
  }

  beat() {
    return this.streams();
  }

  *streams() {
    for (const set of this.byUser.values()) yield* set;
  }
}
