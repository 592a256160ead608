import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';

// The back office's own bearer token (decision 021): the operator API takes no client cookie, and a student's
// session never reaches these calls. It lives 2 hours and the API renews it while it is used (decision 027).
const TOKEN_KEY = 'geekly.ops.jwt';
/** The header a staff call's answer carries a renewed token in (decision 027). */
const RENEWED_TOKEN_HEADER = 'x-staff-token';
/** Fired on window when the server refuses the staff token (expired, logged out, ended by an admin). */
const SESSION_ENDED = 'geekly-ops-session-ended';

export const opsToken = {
  get: () => {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set: (jwt: string) => localStorage.setItem(TOKEN_KEY, jwt),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** Tells the shell its session has ended (the server answered 401): it shows the log-in form. */
export function endOpsSession() {
  opsToken.clear();
  window.dispatchEvent(new Event(SESSION_ENDED));
}

/**
 * Calls `onEnded` when this tab's session ends: the server refused the token, or another tab logged out (the
 * token left local storage). Answers the function that stops listening.
 */
export function onOpsSessionEnded(onEnded: () => void) {
  const storage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY && e.newValue === null) onEnded();
  };
  window.addEventListener(SESSION_ENDED, onEnded);
  window.addEventListener('storage', storage);
  return () => {
    window.removeEventListener(SESSION_ENDED, onEnded);
    window.removeEventListener('storage', storage);
  };
}

/** A call to the operator API with the staff token; failures as ApiError like the client's calls. */
export async function opsApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = opsToken.get();
  let res: Response;
  try {
    res = await fetch(`/api/v3${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'omit',
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached');
  }
  const renewed = res.headers.get(RENEWED_TOKEN_HEADER);
  if (renewed && token !== null && opsToken.get() === token) opsToken.set(renewed);
  // A refused token (not a refused log-in): the session has ended.
  if (res.status === 401 && token !== null && path !== '/ops/session') endOpsSession();
  const body = (await res.json().catch(() => ({}))) as {
    detail?: string;
    error_message?: string;
    error_type?: string;
    error_value?: unknown;
  };
  if (!res.ok)
    throw new ApiError(
      res.status,
      body.detail ?? body.error_message ?? 'Unknown error',
      body.error_type,
      body.error_value,
    );
  return body as T;
}

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

/**
 * The back office's Log out: revokes the session on the server (POST /ops/logout, decision 027), then forgets
 * the token here whatever the answer (a session that already ended answers 401).
 */
export async function logOutStaff() {
  try {
    if (opsToken.get() !== null) await opsApi('/ops/logout', { method: 'POST' });
  } catch {
    // already ended, or the server is unreachable: the token is forgotten here all the same
  } finally {
    opsToken.clear();
  }
}

/** The back office's own cache: its failures are shown on its screens, not routed like the client area's. */
export const opsQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 5_000 } },
});
