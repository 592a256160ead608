import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addGaugeSources, httpDuration, httpRequests, registry } from '../lib/metrics.ts';
import { withRequestId } from '../lib/request-context.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's `genReqId` (decision 032): a UUID, or behind a trusted proxy the proxy's own `X-Request-Id` (Caddy's
 * `{http.request.uuid}` in deploy/Caddyfile), so its access log and ours name a request alike.
 */
export const requestIdGenerator =
  (trustProxy: unknown) =>
  (req: IncomingMessage): string => {
    const given = req.headers['x-request-id'];
    if (trustProxy && typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return randomUUID();
  };

const QUIET_ROUTES = new Set(['/api/v3/ready', '/api/v3/health', '/api/v3/metrics']);

const sha = (s: string) => createHash('sha256').update(s).digest();

/**
 * The request id on every request's async path (audit rows and outbox mail read it), echoed in `X-Request-Id`;
 * request counts and latencies by route; and `GET /api/v3/metrics` for the operator, only with
 * `Authorization: Bearer $METRICS_TOKEN`: otherwise, or when no token is configured, it is a 404 like any
 * unknown address.
 */
export function registerObservability(
  app: FastifyInstance,
  opts: {
    metricsToken: string | undefined;
    streams: () => { client: number; staff: number };
    pool: () => { total: number; idle: number; waiting: number } | null;
  },
) {
  // Caddy asks /ready every second of every process, Prometheus scrapes /metrics: their lines would drown the
  // rest. They log warnings only (their counts and latencies are still in the metrics).
  app.addHook('onRoute', (route) => {
    if (QUIET_ROUTES.has(route.url)) route.logLevel = 'warn';
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withRequestId(request.id, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    // (An event stream never gets here: its response never finishes, it is handed its socket (decision 026).
    // It counts in geekly_event_streams_open instead.)
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, seconds);
  });
  const removeSources = addGaugeSources({ streams: opts.streams, pool: opts.pool });
  app.addHook('onClose', async () => removeSources());

  const expected = opts.metricsToken ? sha(`Bearer ${opts.metricsToken}`) : null;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v3/metrics',
    {
      schema: {
        hide: true,
        headers: z.object({ authorization: z.string().max(1000).optional() }),
      },
    },
    async (request, reply) => {
      const given = request.headers.authorization;
      if (!expected || !given || !timingSafeEqual(sha(given), expected))
        return reply.status(404).send({ detail: 'Not found' });
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  );
}
