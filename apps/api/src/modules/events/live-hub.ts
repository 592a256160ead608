import { LIVE_EVENT_TYPES } from '@geekly/domain/chat/message-schemas.ts';
import { createBatchWriter } from './batch-writes.ts';
import { endEventStream } from './event-stream.ts';
import {
  type ChannelNotice,
  isRevoked,
  type StoredEventType,
  WORKSPACE_STORED_EVENTS,
} from './events.repository.ts';
import { StaffStreams } from './staff-streams.ts';
import { type Audience, frameOf, PING, takesLive } from './stream-subscriber.ts';
import { UserStreams } from './user-streams.ts';

const isOneOf = (types: readonly StoredEventType[], type: StoredEventType) => types.includes(type);

type Presence = { present(userId: string): void; absent(userId: string): void };

/**
 * The open streams of this process (decisions 019, 021, 047, 067), fed by its one LISTEN: students' and Geeks'
 * streams by user (a notice reaches only its user's), and the back office's (every task's events). Holds nothing
 * but the socket and its session's version per stream (decision 019, 026); a notice is framed once, encoded once,
 * and written to each stream picked in one pass.
 */
export class LiveHub {
  /** Students' streams (GET /events): their order, message and balance events. */
  readonly students: UserStreams;
  /** Geeks' streams (GET /workspace/events, decision 047), kept under the Geek's id. */
  readonly geeks: UserStreams;
  /** The back office's streams (GET /ops/events, decision 021). */
  readonly staff: StaffStreams;
  private readonly audiences: readonly Audience[];
  private readonly write = createBatchWriter();

  /**
   * `presence` hears when a student's or Geek's first stream opens here, and when their last one closes; a user
   * holds at most `maxPerUser` streams of an audience here, one more closes their oldest (decision 027).
   */
  constructor(presence: Presence, maxPerUser = Number.POSITIVE_INFINITY) {
    // What each replays from the table is what it hears live (eventsAfter's types).
    this.students = new UserStreams(presence, maxPerUser, (type) => isOneOf(LIVE_EVENT_TYPES, type));
    this.geeks = new UserStreams(presence, maxPerUser, (type) => isOneOf(WORKSPACE_STORED_EVENTS, type));
    this.staff = new StaffStreams(maxPerUser);
    this.audiences = [this.students, this.geeks, this.staff];
  }

  get subscriberCount() {
    let count = 0;
    for (const a of this.audiences) count += a.subscriberCount;
    return count;
  }

  /** Students and Geeks with a stream open here (the presence rows' users). */
  get userCount() {
    return this.students.userCount + this.geeks.userCount;
  }

  /** The users with a presence row for this process. */
  presentUsers() {
    return [...this.students.users(), ...this.geeks.users()];
  }

  /** Every user with a stream open here, staff included. */
  users() {
    return [...new Set(this.audiences.flatMap((a) => [...a.users()]))];
  }

  /** Writes the event to every stream picked for it; answers how many were picked. */
  deliver(notice: ChannelNotice) {
    if (isRevoked(notice)) {
      for (const a of this.audiences) a.revoke(notice.u, notice.v);
      return 0;
    }
    let frame: string | undefined;
    let bytes: Buffer | undefined;
    let picked = 0;
    for (const a of this.audiences)
      for (const sub of a.pick(notice)) {
        picked++;
        frame ??= frameOf(notice.id, notice.o ? { type: notice.t, order_id: notice.o } : { type: notice.t });
        bytes ??= Buffer.from(frame);
        if (takesLive(sub, notice.id, frame)) this.write(sub.socket, bytes);
      }
    return picked;
  }

  /**
   * Heartbeat: keeps proxies from closing idle streams, and lets the browser tell a live stream from one a
   * sleeping laptop left dead (a named event, since EventSource does not surface comments). A staff stream whose
   * token expired by `now` ends instead.
   */
  beat(now: Date) {
    for (const a of this.audiences)
      for (const sub of a.beat(now)) if (!sub.held) this.write(sub.socket, PING);
  }

  /** Ends every stream: what is queued is sent first (server shutdown, a failed catch-up). */
  closeAll() {
    for (const a of this.audiences) for (const sub of a.streams()) endEventStream(sub.socket);
  }
}
