import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sandboxPages } from './adapters/payments/sandbox/sandbox-pages.ts';
import type { AppContext } from './app-context.ts';
import { AppError } from './lib/app-error.ts';
import { applicationsRoutes } from './modules/applications/applications.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { startLive } from './modules/events/live.ts';
import { opsEventsRoutes } from './modules/events/ops-events.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { opsFilesRoutes } from './modules/files/ops-files.routes.ts';
import { geeksRoutes } from './modules/geeks/geeks.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { opsMessagesRoutes } from './modules/messages/ops-messages.routes.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { orderReadsRoutes, ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { publicRoutes } from './modules/public/public.routes.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { googleRoutes } from './modules/users/google/google.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { workspaceRoutes } from './modules/workspace/workspace.routes.ts';
import { workspaceAuthRoutes } from './modules/workspace/workspace-auth.routes.ts';
import { registerCsrfGuard } from './plugins/csrf-guard.ts';
import { registerDeviceId } from './plugins/device-id.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerObservability, requestIdGenerator } from './plugins/observability.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { pgRateLimitStore } from './plugins/rate-limit-store.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { trustProxyOption } from './plugins/trust-proxy.ts';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app.ts';

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/build/client', import.meta.url));

type BuildAppOptions = {
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** The process's pino logger (lib/logger.ts), shared with the workers; wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
};

export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}) {
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: opts.logger ?? false }),
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: requestIdGenerator(ctx.config.TRUST_PROXY),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRouteTable(app);
  registerObservability(app, {
    metricsToken: ctx.config.METRICS_TOKEN,
    // Read when scraped: the hub is decorated below.
    streams: () => ({
      client: app.live.hub.students.subscriberCount + app.live.hub.geeks.subscriberCount,
      staff: app.live.hub.staff.subscriberCount,
    }),
    pool: () => ctx.database.poolStats?.() ?? null,
  });

  const webRoot = opts.webRoot ?? DEFAULT_WEB_ROOT;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webRoot)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...ctx.storage.uploadOrigins],
        // The Google sign-in form leaves through a redirect to the provider (decisions 040, 052), which
        // browsers check against form-action too.
        formAction: [
          "'self'",
          ...ctx.gateway.formOrigins,
          ...(ctx.config.GOOGLE_CLIENT_ID ? [new URL(ctx.config.GOOGLE_ISSUER).origin] : []),
        ],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: ctx.config.PUBLIC_URL.startsWith('https://'),
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(ctx.database.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`, {
        errorType: 'rate_limited',
      }),
  });
  await registerOpenApi(app);
  registerCsrfGuard(app, ctx.config);
  const session = registerSession(app, ctx);
  registerDeviceId(app, ctx.config);
  // Decisions 031 and 063: once the process drains (SIGTERM), /ready answers 503 so the proxy's health check
  // takes it out, and each answer closes its connection, so a keep-alive client (the proxy) opens its next one
  // to another process.
  const drain = { draining: false };
  app.decorate('startDraining', () => {
    drain.draining = true;
  });
  app.addHook('preClose', async () => {
    drain.draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const live = await startLive(ctx, {
    // bench/events.mjs reads this line (LOG_LEVEL=debug): how long writing one event to every stream took.
    onDelivered: (streams, ms, flushedMs) => app.log.debug({ streams, ms, flushedMs }, 'live event written'),
  });
  app.decorate('live', live);
  app.addHook('preClose', async () => live.endStreams());
  app.addHook('onClose', async () => live.stop());

  await app.register(
    async (api) => {
      registerTextGuard(api);
      await api.register(systemRoutes(ctx, drain));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(usersRoutes(ctx, session));
      await api.register(privacyRoutes(ctx, session));
      await api.register(googleRoutes(ctx, session));
      await api.register(orderReadsRoutes(ctx, session));
      await api.register(ordersRoutes(ctx, session));
      await api.register(opsRoutes(ctx, session));
      await api.register(filesRoutes(ctx, session));
      await api.register(opsFilesRoutes(ctx, session));
      await api.register(geeksRoutes(ctx, session));
      await api.register(messagesRoutes(ctx, session));
      await api.register(opsMessagesRoutes(ctx, session));
      await api.register(eventsRoutes(ctx, session, live));
      await api.register(opsEventsRoutes(ctx, session, live));
      await api.register(paymentsRoutes(ctx, session));
      await api.register(subscriptionsRoutes(ctx, session));
      await api.register(referralRoutes(ctx, session));
      await api.register(applicationsRoutes(ctx));
      await api.register(workspaceAuthRoutes(ctx));
      await api.register(workspaceRoutes(ctx, live));
      await api.register(publicRoutes(ctx));
      await api.register(geoRoutes(ctx));
    },
    { prefix: '/api/v3' },
  );

  // The embedded storage serves S3's POST-object protocol and signed downloads from this process.
  const storageRoutes = ctx.storage.routes;
  if (storageRoutes) await app.register(storageRoutes);

  const sandbox = ctx.sandbox;
  if (sandbox) {
    await app.register(
      sandboxPages({ db: ctx.database.db, secret: sandbox.secret, events: sandbox.events, now: ctx.now }),
    );
    // The sandbox delivers its webhooks through the app's own HTTP route, signature and all.
    sandbox.bindSender(async (body, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v3/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', 'geekly-signature': signature },
        payload: body,
      });
      return res.statusCode >= 200 && res.statusCode < 300;
    });
  }

  await registerWebApp(app, webRoot);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step (decision 063): /ready answers 503 and every answer closes its connection. */
    startDraining(): void;
  }
}
