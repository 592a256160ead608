import type { LiveEvent } from '@geekly/domain/chat/message-schemas.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateLive } from '../../lib/invalidate-live.ts';
import { startLiveStream } from '../../lib/live-stream.ts';
import { messagesKey, notificationKey } from '../../lib/message-queries.ts';

/** Which cached queries an event makes stale (the cache never refetches by itself, docs/product/messages.md). */
function invalidateFor(qc: QueryClient, e: LiveEvent) {
  if (e.type === 'message') {
    if (e.order_id) void invalidateLive(qc, { queryKey: messagesKey(e.order_id) });
    void invalidateLive(qc, { queryKey: notificationKey });
    void invalidateLive(qc, { queryKey: ['orders', 'list'] });
  } else if (e.type === 'order') {
    if (e.order_id) void invalidateLive(qc, { queryKey: ['orders', 'detail', e.order_id] });
    void invalidateLive(qc, { queryKey: ['orders', 'list'] });
    void invalidateLive(qc, { queryKey: ['users', 'me'] });
  } else if (e.type === 'balance') {
    void invalidateLive(qc, { queryKey: ['users', 'me'] });
  }
}

/** The signed-in area listens to the shared live stream while it is open. */
export function useLiveUpdates(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return startLiveStream({
      onEvent: (e) => invalidateFor(qc, e),
      // A gap too old to replay: everything shown may be stale.
      onRefetch: () => void invalidateLive(qc),
    });
  }, [enabled, qc]);
}
