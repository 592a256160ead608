import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';

// The back office's own bearer token (decision 021): the operator API takes no client cookie, and a student's
// session never reaches these calls.
const TOKEN_KEY = 'geekly.ops.jwt';

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

/** The back office's own cache: its failures are shown on its screens, not routed like the client area's. */
export const opsQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 5_000 } },
});
