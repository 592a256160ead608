import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { bearerSession } from '../../../lib/bearer-session.ts';

// The back office's own bearer token (decision 021): the operator API takes no client cookie, and a student's
// session never reaches these calls. It lives 2 hours and the API renews it while it is used (decision 027).
// Its calls go through `apiCall(endpoint, input, { auth: staffSession })`.
export const staffSession = bearerSession({
  tokenKey: 'geekly.ops.jwt',
  endedEvent: 'geekly-ops-session-ended',
  logInPath: '/ops/session',
  logOutPath: '/ops/logout',
  renewedHeader: 'x-staff-token',
});

export const opsToken = staffSession.token;
/** Tells the shell its session has ended (the server answered 401): it shows the log-in form. */
export const endOpsSession = staffSession.end;
/** Calls back when this tab's staff session ends (refused by the server, or logged out in another tab). */
export const onOpsSessionEnded = staffSession.onEnded;
/** The back office's Log out: revokes the session on the server (POST /ops/logout, decision 027). */
export const logOutStaff = staffSession.logOut;

/**
 * Downloads a file the operator API answers (a client's data export, decision 058): the bearer token cannot ride
 * on a plain link, so the answer is fetched and handed to the browser as a file named `fileName`.
 */
export async function opsDownload(path: string, fileName: string): Promise<void> {
  const token = opsToken.get();
  const res = await fetch(`/api/v3${path}`, {
    credentials: 'omit',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'The server cannot be reached');
  });
  if (res.status === 401 && token !== null) endOpsSession();
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    throw new ApiError(res.status, body.detail ?? 'Unknown error');
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The back office's own cache: its failures are shown on its screens, not routed like the client area's. */
export const opsQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 5_000 } },
});
