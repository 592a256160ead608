import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateLive } from '../app/lib/invalidate-live.ts';

const KEY = ['messages', 'order', 'task-1'] as const;

/**
 * A query on screen (it has an observer) whose reads the server answers at once with what it holds (`rows`) and
 * which reach the page when the test lets them land (`land`); `reads` counts the reads started.
 */
function shownQuery(
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  key: readonly string[] = KEY,
) {
  const server = { rows: ['hello'], reads: 0 };
  const onTheWay: (() => void)[] = [];
  const observer = new QueryObserver<string[]>(qc, {
    queryKey: key,
    queryFn: () => {
      server.reads++;
      const answer = [...server.rows];
      return new Promise<string[]>((resolve) => onTheWay.push(() => resolve(answer)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  const land = async () => {
    for (let i = 0; i < 10; i++) {
      onTheWay.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return {
    qc,
    server,
    land,
    shown: () => observer.getCurrentResult().data,
    stop: () => {
      unsubscribe();
      qc.clear();
    },
  };
}

let stop = () => {};
afterEach(() => stop());

describe('a live event for a query on screen', () => {
  it('TanStack Query alone: invalidated during its first read, the query keeps that read and misses the change', async () => {
    const q = shownQuery();
    stop = q.stop;
    // The first read was answered; the message is committed and its event comes before the answer lands.
    q.server.rows.push('a new message');
    const done = q.qc.invalidateQueries({ queryKey: KEY });
    await q.land();
    await done;
    expect(q.server.reads).toBe(1);
    expect(q.shown()).toEqual(['hello']);
  });

  it('invalidateLive reads again once the first read lands, so the change is shown', async () => {
    const q = shownQuery();
    stop = q.stop;
    q.server.rows.push('a new message');
    const done = invalidateLive(q.qc, { queryKey: ['messages', 'order'] });
    await q.land();
    await done;
    expect(q.server.reads).toBe(2);
    expect(q.shown()).toEqual(['hello', 'a new message']);
  });

  it('invalidateLive reads once when the query already shows its data', async () => {
    const q = shownQuery();
    stop = q.stop;
    await q.land();
    expect(q.shown()).toEqual(['hello']);
    q.server.rows.push('a new message');
    const done = invalidateLive(q.qc, { queryKey: ['messages'] });
    await q.land();
    await done;
    expect(q.server.reads).toBe(2);
    expect(q.shown()).toEqual(['hello', 'a new message']);
  });

  it('reads again only the queries whose first read was on its way, when the event names the whole cache', async () => {
    const shown = shownQuery();
    await shown.land();
    const opening = shownQuery(shown.qc, ['messages', 'order', 'task-2']);
    stop = () => {
      opening.stop();
      shown.stop();
    };
    opening.server.rows.push('a new message');
    const done = invalidateLive(shown.qc);
    await Promise.all([shown.land(), opening.land()]);
    await done;
    expect(opening.server.reads).toBe(2);
    expect(opening.shown()).toEqual(['hello', 'a new message']);
    expect(shown.server.reads).toBe(2);
  });
});
