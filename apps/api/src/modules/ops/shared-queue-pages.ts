import type { QueuePageState } from './ops.repository.ts';

/**
 * The queue's unfiltered pages, kept by each API process and shared by every member of staff (decision 069).
 *
 * Every staff screen reads the same queue, and every task event makes all of them read it again at once. A page
 * is kept with the snapshot of the statement that read it (`pg_current_snapshot()`): a later statement with the
 * same snapshot saw exactly the same committed data, so the kept page is the page, exact, whatever table a write
 * touched or whichever process wrote it. The clock moves the queue too (a task in progress enters 'deadline' 24
 * hours before its deadline): a page is kept only until the first such deadline (`QueuePageState`).
 *
 * A request first checks its session and reads the snapshot (one small statement); a page kept for that snapshot
 * and still true at its time is answered as it is. Otherwise the page is read again; requests that checked the same
 * snapshot while that read runs wait for it instead of reading it again each.
 */
export type KeptPage<T> = { page: T; state: QueuePageState; deadlineBeforeMs: number };

type Reading<T> = { snapshot: string; done: Promise<KeptPage<T> | null> };

/** How many pages a process keeps (the first page of each group and the whole queue, and a few later pages). */
const MAX_KEPT = 64;

export class SharedQueuePages<T> {
  private readonly kept = new Map<string, KeptPage<T>>();
  private readonly reading = new Map<string, Reading<T>>();

  /** Whether a page is kept under `key` (else there is no snapshot worth checking first). */
  has(key: string): boolean {
    return this.kept.has(key);
  }

  /** The page kept under `key`, when read in `snapshot` and still true at `deadlineBeforeMs`. */
  fresh(key: string, snapshot: string, deadlineBeforeMs: number): T | undefined {
    const kept = this.kept.get(key);
    return kept && kept.state.snapshot === snapshot && stillTrue(kept, deadlineBeforeMs)
      ? kept.page
      : undefined;
  }

  /**
   * The page read by `read` (null: the session is no longer valid), kept for the requests that follow. With the
   * snapshot this request checked, a read already running for the same snapshot is awaited instead: it began after
   * that snapshot, so it saw at least what this request must see.
   */
  async read(
    key: string,
    checked: string | undefined,
    deadlineBeforeMs: number,
    read: () => Promise<KeptPage<T> | null>,
  ): Promise<T | null> {
    const running = checked === undefined ? undefined : this.reading.get(key);
    if (running && running.snapshot === checked) {
      const shared = await running.done.catch(() => null);
      if (shared && stillTrue(shared, deadlineBeforeMs)) return shared.page;
    }
    const done = read();
    const mine = checked === undefined ? undefined : { snapshot: checked, done };
    if (mine) this.reading.set(key, mine);
    try {
      const result = await done;
      if (result) this.keep(key, result);
      return result?.page ?? null;
    } finally {
      if (mine && this.reading.get(key) === mine) this.reading.delete(key);
    }
  }

  private keep(key: string, page: KeptPage<T>) {
    this.kept.delete(key);
    this.kept.set(key, page);
    if (this.kept.size > MAX_KEPT) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
  }
}

/**
 * A page read with the deadline limit `deadlineBeforeMs` is true for a later limit up to the first deadline it
 * did not take; never for an earlier one (a clock set back).
 */
function stillTrue(kept: KeptPage<unknown>, deadlineBeforeMs: number): boolean {
  const next = kept.state.nextDeadlineMs;
  return deadlineBeforeMs >= kept.deadlineBeforeMs && (next === null || deadlineBeforeMs <= next);
}

/** The key of a page: its group (or the whole queue) and the task it comes after. */
export const queuePageKey = (group: string | undefined, after: string | undefined) =>
  `${group ?? 'whole'} ${after ?? ''}`;

const byDatabase = new WeakMap<object, SharedQueuePages<unknown>>();

/** The pages kept for one database connection pool (tests run several apps, each on its own database). */
export function sharedQueuePages<T>(db: object): SharedQueuePages<T> {
  let pages = byDatabase.get(db);
  if (!pages) {
    pages = new SharedQueuePages();
    byDatabase.set(db, pages);
  }
  return pages as SharedQueuePages<T>;
}
