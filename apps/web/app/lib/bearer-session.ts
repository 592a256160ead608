import { ApiError } from './api-client.ts';

/**
 * A signed-in area that holds its own bearer token instead of the student's cookie: the back office (decision
 * 021, 027) and the Geek's workspace (decision 050). The token lives in local storage under its own key, so the
 * tabs of the area share it and a student's cookie is never sent with these calls (`credentials: 'omit'`).
 */
type BearerSessionOptions = {
  /** The local storage key the token is kept under. */
  tokenKey: string;
  /** The window event fired when the server refuses the token. */
  endedEvent: string;
  /** The log-in call: its 401 is a refused log-in, not an ended session. */
  logInPath: string;
  /** The log-out call, which revokes the token on the server. */
  logOutPath: string;
  /** An answer header carrying a renewed token (the staff's, decision 027), if the area has one. */
  renewedHeader?: string;
};

export type BearerSession = ReturnType<typeof bearerSession>;

export function bearerSession(o: BearerSessionOptions) {
  const token = {
    get: (): string | null => {
      try {
        return localStorage.getItem(o.tokenKey);
      } catch {
        return null;
      }
    },
    set: (jwt: string) => localStorage.setItem(o.tokenKey, jwt),
    clear: () => {
      try {
        localStorage.removeItem(o.tokenKey);
      } catch {
        // nothing kept, nothing to forget
      }
    },
  };

  /** Tells the area its session has ended (the server answered 401): it shows its log-in form. */
  const end = () => {
    token.clear();
    window.dispatchEvent(new Event(o.endedEvent));
  };

  /**
   * Calls `onEnded` when this tab's session ends: the server refused the token, or another tab logged out (the
   * token left local storage). Answers the function that stops listening.
   */
  const onEnded = (onEnded: () => void) => {
    const storage = (e: StorageEvent) => {
      if (e.key === o.tokenKey && e.newValue === null) onEnded();
    };
    window.addEventListener(o.endedEvent, onEnded);
    window.addEventListener('storage', storage);
    return () => {
      window.removeEventListener(o.endedEvent, onEnded);
      window.removeEventListener('storage', storage);
    };
  };

  /** A JSON call with the area's token; failures as ApiError like the student's calls. */
  async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const held = token.get();
    let res: Response;
    try {
      res = await fetch(`/api/v3${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        credentials: 'omit',
        headers: {
          ...(held ? { Authorization: `Bearer ${held}` } : {}),
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new ApiError(0, 'The server cannot be reached');
    }
    const renewed = o.renewedHeader ? res.headers.get(o.renewedHeader) : null;
    if (renewed && held !== null && token.get() === held) token.set(renewed);
    // A refused token (not a refused log-in): the session has ended.
    if (res.status === 401 && held !== null && path !== o.logInPath) end();
    if (res.status === 204) return undefined as T;
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
   * Log out: revokes the session on the server, then forgets the token here whatever the answer (a session
   * that already ended answers 401).
   */
  async function logOut() {
    try {
      if (token.get() !== null) await call(o.logOutPath, { method: 'POST' });
    } catch {
      // already ended, or the server is unreachable: the token is forgotten here all the same
    } finally {
      token.clear();
    }
  }

  return { token, end, onEnded, call, logOut };
}
