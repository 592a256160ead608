import { describe, expect, it } from 'vitest';
import { type KeptPage, SharedQueuePages } from '../src/modules/ops/shared-queue-pages.ts';

// Decision 069: how the queue's kept pages are shared between requests of one process (the database's side, the
// snapshot and the clock, is ops-queue-shared-pages.test.ts).

const T0 = Date.UTC(2026, 10, 28, 12);
const kept = (page: string, snapshot: string, nextDeadlineMs: number | null = null): KeptPage<string> => ({
  page,
  state: { snapshot, nextDeadlineMs },
  deadlineBeforeMs: T0,
});

/** A read that answers `result` when `finish` is called, counting how many times it was started. */
function slowRead(result: () => KeptPage<string> | null | Error) {
  const started: (() => void)[] = [];
  const read = () =>
    new Promise<KeptPage<string> | null>((resolve, reject) => {
      started.push(() => {
        const r = result();
        if (r instanceof Error) reject(r);
        else resolve(r);
      });
    });
  return {
    read,
    started,
    finish: () => {
      for (const f of started.splice(0)) f();
    },
  };
}

describe('the shared queue pages of a process', () => {
  it('answer a kept page only for the snapshot it was read in, from its time to the first deadline it did not take', async () => {
    const pages = new SharedQueuePages<string>();
    expect(pages.has('whole ')).toBe(false);
    await pages.read('whole ', undefined, T0, async () => kept('page 1', '10:12:10,11', T0 + 60_000));
    expect(pages.has('whole ')).toBe(true);
    expect(pages.fresh('whole ', '10:12:10,11', T0)).toBe('page 1');
    expect(pages.fresh('whole ', '10:12:10,11', T0 + 60_000)).toBe('page 1');
    // A commit since (another snapshot), the clock past the next deadline, a clock set back, another key.
    expect(pages.fresh('whole ', '10:12:11', T0)).toBeUndefined();
    expect(pages.fresh('whole ', '10:12:10,11', T0 + 60_001)).toBeUndefined();
    expect(pages.fresh('whole ', '10:12:10,11', T0 - 1)).toBeUndefined();
    expect(pages.fresh('revision ', '10:12:10,11', T0)).toBeUndefined();
    // No deadline ahead: true for as long as nothing is committed.
    await pages.read('refund ', undefined, T0, async () => kept('refunds', '10:12:10,11'));
    expect(pages.fresh('refund ', '10:12:10,11', T0 + 365 * 86_400_000)).toBe('refunds');
  });

  it('read a page once for the requests that checked the same snapshot meanwhile, and again for another', async () => {
    const pages = new SharedQueuePages<string>();
    let n = 0;
    const slow = slowRead(() => kept(`page ${++n}`, '20:20:'));
    const first = pages.read('whole ', '19:20:19', T0, slow.read);
    const same = [1, 2, 3].map(() => pages.read('whole ', '19:20:19', T0 + 5, slow.read));
    const other = pages.read('whole ', '20:21:20', T0 + 5, slow.read);
    await Promise.resolve();
    expect(slow.started).toHaveLength(2);
    slow.finish();
    expect(await first).toBe('page 1');
    expect(await Promise.all(same)).toEqual(['page 1', 'page 1', 'page 1']);
    expect(await other).toBe('page 2');
  });

  it('read again for themselves when the read they waited for answered no page or failed, and never share a cold one', async () => {
    const pages = new SharedQueuePages<string>();
    // The first request's session had ended (null): the others, whose sessions were checked, read their own.
    let answer: KeptPage<string> | null | Error = null;
    const slow = slowRead(() => answer);
    const ended = pages.read('whole ', '5:5:', T0, slow.read);
    const waiting = pages.read('whole ', '5:5:', T0, async () => kept('mine', '5:5:'));
    slow.finish();
    expect(await ended).toBeNull();
    expect(await waiting).toBe('mine');

    answer = new Error('statement timeout');
    const failing = pages.read('whole ', '6:6:', T0, slow.read);
    const after = pages.read('whole ', '6:6:', T0, async () => kept('read again', '6:6:'));
    slow.finish();
    await expect(failing).rejects.toThrow('statement timeout');
    expect(await after).toBe('read again');

    // Without a checked snapshot (nothing kept yet) each request reads its own.
    let reads = 0;
    await Promise.all(
      [1, 2].map(() =>
        pages.read('check ', undefined, T0, async () => {
          reads++;
          return kept('checks', '7:7:');
        }),
      ),
    );
    expect(reads).toBe(2);
  });

  it('keep at most 64 pages, dropping the one kept longest', async () => {
    const pages = new SharedQueuePages<string>();
    for (let i = 0; i < 65; i++)
      await pages.read(`whole p${i}`, undefined, T0, async () => kept(`p${i}`, '1:1:'));
    expect(pages.has('whole p0')).toBe(false);
    expect(pages.has('whole p1')).toBe(true);
    expect(pages.has('whole p64')).toBe(true);
  });
});
