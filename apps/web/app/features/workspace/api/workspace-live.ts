import type { WORKSPACE_EVENT_TYPES } from '@geekly/domain/workspace/workspace-contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startBearerStream } from '../../../lib/bearer-event-stream.ts';
import { invalidateLive } from '../../../lib/invalidate-live.ts';
import { geekSession } from './workspace-client.ts';
import { earningsKey, meKey, messagesKey, offersKey, taskKey, tasksKey } from './workspace-queries.ts';

type WorkspaceEvent = { type: (typeof WORKSPACE_EVENT_TYPES)[number]; order_id?: string };

const GEEK_STREAM = {
  path: '/workspace/events',
  channel: 'geekly-workspace-live',
  lock: 'geekly-workspace-live-stream',
  token: geekSession.token.get,
  onRefused: geekSession.end,
};

/**
 * Keeps the workspace live (GET /workspace/events): an offer event refetches the offers; a task's event its page,
 * My tasks, the earnings and the Geek's rating; a message its conversation and the unread marks. A new or resynced stream refetches
 * everything shown.
 */
export function useWorkspaceLiveUpdates(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return startBearerStream<WorkspaceEvent>(GEEK_STREAM, (s) => {
      if (s.kind === 'refetch') {
        void invalidateLive(qc, { queryKey: ['workspace'] });
        return;
      }
      const { type, order_id } = s.event;
      if (type === 'offer') {
        void invalidateLive(qc, { queryKey: offersKey });
        return;
      }
      void invalidateLive(qc, { queryKey: tasksKey });
      if (type === 'message') {
        if (order_id) void invalidateLive(qc, { queryKey: messagesKey(order_id) });
        return;
      }
      if (order_id) void invalidateLive(qc, { queryKey: taskKey(order_id), exact: true });
      void invalidateLive(qc, { queryKey: offersKey });
      void invalidateLive(qc, { queryKey: earningsKey });
      // A mark or a delivery changes the Geek's own rating and count.
      void invalidateLive(qc, { queryKey: meKey });
    });
  }, [enabled, qc]);
}
