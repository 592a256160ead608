import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (HEAD copies left out): the generated security sweeps read it. */
    routeTable: readonly RouteEntry[];
  }
}

/** Records each route as it is added; register before any route. */
export function registerRouteTable(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
}
