import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Route = { id: string; parentId?: string; path?: string; index?: boolean };

/** The file the API reads (apps/api/src/plugins/web-app.ts) to tell a client route from an unknown path. */
export const ROUTE_MANIFEST_FILE = 'route-manifest.json';

/** A path only the catch-all route matches, prerendered as the page of a real 404 (never a 200 itself). */
export const NOT_FOUND_PAGE_PATH = '/404';

/**
 * Writes the full path pattern of every route of app/routes.ts ('/order/:orderId/tips-success/:amount'), the
 * catch-all '*' (the not-found page) left out, so routes added later are known to the server without a list.
 */
export function writeRouteManifest(routes: Record<string, Route>, clientDir: string) {
  const fullPath = (route: Route): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const base = parent ? fullPath(parent) : '';
    return route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
  };
  const patterns = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route.path && !route.index) continue;
    const path = fullPath(route) || '/';
    if (path !== '/*') patterns.add(path);
  }
  writeFileSync(join(clientDir, ROUTE_MANIFEST_FILE), `${JSON.stringify([...patterns].sort(), null, 1)}\n`);
}
