import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startBearerStream } from '../../../lib/bearer-event-stream.ts';
import { invalidateLive } from '../../../lib/invalidate-live.ts';
import { endOpsSession, opsToken } from './ops-client.ts';

type TaskEvent = { type: 'order' | 'message'; order_id: string };

const STAFF_STREAM = {
  path: '/ops/events',
  channel: 'geekly-ops-live',
  lock: 'geekly-ops-live-stream',
  token: opsToken.get,
  onRefused: endOpsSession,
};

/**
 * Keeps the queue and the task pages live: a task event refetches that task's queries, the queue and the audit
 * log; a new or resynced stream refetches everything the back office shows.
 */
export function useOpsLiveUpdates(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return startBearerStream<TaskEvent>(STAFF_STREAM, (s) => {
      if (s.kind === 'refetch') {
        void invalidateLive(qc, { queryKey: ['ops'] });
        return;
      }
      void invalidateLive(qc, { queryKey: ['ops', 'order', s.event.order_id] });
      void invalidateLive(qc, { queryKey: ['ops', 'queue'] });
      void invalidateLive(qc, { queryKey: ['ops', 'audit'] });
    });
  }, [enabled, qc]);
}
