import { QueryClient } from '@tanstack/react-query';
import { bearerSession } from '../../../lib/bearer-session.ts';

// The Geek's own bearer token (decision 050): kept as the back office keeps the staff's, under its own key, so a
// student's cookie never reaches the workspace calls and a Geek token never reaches the student's.
export const geekSession = bearerSession({
  tokenKey: 'geekly.workspace.jwt',
  endedEvent: 'geekly-workspace-session-ended',
  logInPath: '/workspace/session',
  logOutPath: '/workspace/logout',
});

/** The workspace's own cache: its failures are shown on its screens, not routed like the student area's. */
export const workspaceQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 5_000 } },
});
