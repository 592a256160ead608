import type { Db } from '../../db/database.ts';
import { type EventNotice, eventsSince, latestEventId } from './events.repository.ts';

/** Ids heard below the newest one that are still remembered: more than the events that commit out of order. */
const WINDOW = 5000;
/** Events replayed to a process's streams after a reconnect; more ends the streams (they replay themselves). */
const GAP_REPLAY_LIMIT = 5000;

/**
 * What one LISTEN has heard (decision 031), so that after its connection comes back the events published while
 * it was away are found in the events table and delivered, each once. Event ids are given when an event is
 * written and heard when its transaction commits, so a few may be heard out of order: the ids heard within
 * WINDOW below the newest are remembered, and the gap is every event above that floor not heard.
 */
export class HeardEvents {
  private readonly ids = new Set<number>();
  private newest: number;
  private readonly start: number;

  private constructor(start: number) {
    this.start = start;
    this.newest = start;
  }

  /** Starts from the newest event now: older ones are not this process's to deliver. */
  static async start(db: Db) {
    return new HeardEvents(await latestEventId(db));
  }

  /** Records a heard id; false when it was heard before. */
  heard(id: number): boolean {
    if (this.ids.has(id) || id <= this.floor()) return false;
    this.ids.add(id);
    if (id > this.newest) {
      this.newest = id;
      if (this.ids.size > 2 * WINDOW)
        for (const old of this.ids) if (old <= this.floor()) this.ids.delete(old);
    }
    return true;
  }

  private floor() {
    return Math.max(this.start, this.newest - WINDOW);
  }

  /**
   * The events published while the LISTEN was away, oldest first, or 'too many' (more than GAP_REPLAY_LIMIT).
   * Each is recorded as heard.
   */
  async missed(db: Db): Promise<EventNotice[] | 'too many'> {
    const rows = await eventsSince(db, this.floor(), GAP_REPLAY_LIMIT + this.ids.size + 1);
    const missed = rows.filter((r) => !this.ids.has(r.id));
    if (missed.length > GAP_REPLAY_LIMIT) return 'too many';
    for (const r of missed) this.heard(r.id);
    return missed.map((r) => ({ id: r.id, u: r.userId, t: r.type, o: r.orderId }));
  }
}
