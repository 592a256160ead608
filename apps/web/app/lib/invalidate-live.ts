import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * What a live event does to the cache: marks the queries it touched stale, and reads again those on screen.
 *
 * TanStack Query does not restart a query's first read when it is invalidated: with no data to keep, it hands back
 * the read already on its way. That read may have been answered before the event's change was committed (a
 * message sent while the task's messages open), and the screen would miss it until the next event. Such a query
 * is read once more when its first read lands. test/invalidate-live.test.ts fails first if the library changes.
 */
export function invalidateLive(qc: QueryClient, filters: InvalidateQueryFilters = {}): Promise<void> {
  const firstReads = qc
    .getQueryCache()
    .findAll(filters)
    .filter((q) => q.state.data === undefined && q.state.fetchStatus === 'fetching');
  const done = qc.invalidateQueries(filters);
  if (firstReads.length === 0) return done;
  // Only those queries again, not every query the filters name (a resync names the whole cache).
  return done.then(async () => {
    await Promise.all(firstReads.map((q) => qc.invalidateQueries({ queryKey: q.queryKey, exact: true })));
  });
}
