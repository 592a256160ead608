import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { LiveAnnouncer } from '../components/live-announcer.tsx';
import { useRouteFocus } from '../components/use-route-focus.ts';
import { workspaceQueryClient } from '../features/workspace/api/workspace-client.ts';

export function meta() {
  return [{ title: 'Workspace — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /workspace: the Geeks' own area (decision 050), its own code-split routes, cache and bearer token. A student's
 * cookie is never sent to the workspace API, and students never load this code.
 */
export default function WorkspaceLayout() {
  useRouteFocus('main');
  return (
    <QueryClientProvider client={workspaceQueryClient}>
      <Outlet />
      <LiveAnnouncer />
    </QueryClientProvider>
  );
}
