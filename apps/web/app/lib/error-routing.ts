import { ApiError } from './api-client.ts';
import { checkHealth } from './health-check.ts';
import { peekReturnTo } from './return-to.ts';

/** What a query or mutation may declare: the statuses its own screen handles (a form's inline error, say). */
type ErrorRoutingMeta = { handledStatuses?: readonly number[] };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorRoutingMeta;
    mutationMeta: ErrorRoutingMeta;
  }
}

/** The spec's text of a 422 that is only logged (docs/product/public-site.md). */
export const LOGGED_ONLY_DETAIL = "Can't change details. Please contact support";

type ErrorRoute =
  | { kind: 'sign-out' }
  | { kind: 'health-check'; whenHealthy: '/maintenance' | null }
  | { kind: 'go'; to: '/access-denied' | '/page-not-found' }
  | { kind: 'log' }
  | { kind: 'none' };

const MAINTENANCE_STATUSES = new Set([500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511]);

/**
 * docs/product/public-site.md, the global routing of failures. A query is a page loading its data; a mutation is a form or a
 * button, whose screen shows its own 4xx errors (log-in's 'Cant find code', coupons, validation 422s, 409s),
 * so only 401 and the server-side statuses are routed for mutations.
 */
function routeForError(
  status: number,
  detail: string,
  source: 'query' | 'mutation',
  handled: readonly number[] = [],
): ErrorRoute {
  if (handled.includes(status)) return { kind: 'none' };
  if (status === 401) return { kind: 'sign-out' };
  if (MAINTENANCE_STATUSES.has(status)) return { kind: 'health-check', whenHealthy: '/maintenance' };
  if (status === 422 && detail === LOGGED_ONLY_DETAIL) return { kind: 'log' };
  if (source === 'mutation' && status >= 400 && status < 500) return { kind: 'none' };
  // Issue 34: a page the server refuses says so on /access-denied (docs/product/public-site.md's page), which leads on to the
  // task list, rather than dropping the student on /orders without a word (decision 055).
  if (status === 403) return { kind: 'go', to: '/access-denied' };
  if (status === 404) return { kind: 'go', to: '/page-not-found' };
  // Other statuses, and no answer at all (status 0): only a failing health check sends the user away.
  return { kind: 'health-check', whenHealthy: null };
}

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let routerNavigate: Navigate | null = null;
let routing = false;

/** The router's navigate, registered by the root component, so that routing stays a client-side transition. */
export function setErrorNavigator(navigate: Navigate | null) {
  routerNavigate = navigate;
}

function go(to: string) {
  if (routerNavigate) routerNavigate(to, { replace: true });
  else window.location.replace(to);
}

type Context = { source: 'query' | 'mutation'; meta: ErrorRoutingMeta | undefined };

/** Called by the query client for every failed query and mutation. */
export async function routeGlobalError(error: unknown, ctx: Context): Promise<void> {
  if (!(error instanceof ApiError)) return;
  const route = routeForError(error.status, error.text, ctx.source, ctx.meta?.handledStatuses);
  if (route.kind === 'none') return;
  if (route.kind === 'log') {
    console.error(error.text);
    return;
  }
  // Several calls of one page often fail together: the first one decides.
  if (routing) return;
  routing = true;
  try {
    if (route.kind === 'sign-out') {
      // The session cookie is HttpOnly and already refused by the server. A full page load (as log-out does)
      // drops the user and every cached answer; clearing the cache first would make the signed-in layout refetch
      // and race us to the log-in popup.
      window.location.replace(peekReturnTo() ?? '/');
    } else if (route.kind === 'go') {
      go(route.to);
    } else {
      const healthy = await checkHealth();
      if (!healthy) go('/healthcheck');
      else if (route.whenHealthy) go(route.whenHealthy);
    }
  } finally {
    routing = false;
  }
}
