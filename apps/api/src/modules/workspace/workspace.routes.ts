import { eventsContract } from '@geekly/domain/events/events-contract.ts';
import { workspaceContract as c } from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { eventsAfter, latestUserEventId, WORKSPACE_STORED_EVENTS } from '../events/index.ts';
import type { Live } from '../events/live.ts';
import { serveEventStream } from '../events/serve-event-stream.ts';
import { geekPayoutRequests, requestPayout } from '../payments/geek-payout-entries.ts';
import { workspaceEarnings } from './earnings.ts';
import { geekSessionIsCurrent } from './geek-logins.repository.ts';
import { currentGeek, geekGuard } from './geek-session.ts';
import { attachWorkspaceFiles, createWorkspaceUpload } from './workspace-files.ts';
import {
  listWorkspaceMessages,
  sendWorkspaceMessage,
  workspaceMessageFileUrl,
} from './workspace-messages.ts';
import { getTask, listOffers, listTasks, runGeekTransition, takeOffer } from './workspace-tasks.ts';

/** The Geek's workspace (decision 047): offers and their own tasks; only a Geek's token, never a user's. */
export function workspaceRoutes(ctx: AppContext, live: Live) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', geekGuard(ctx));

    r.route({
      ...contractRoute(c.offers, ['workspace']),
      handler: async (request) => listOffers(ctx, currentGeek(request)),
    });

    r.route({
      ...contractRoute(c.takeOffer, ['workspace']),
      handler: async (request) => takeOffer(ctx, currentGeek(request), request.params.id),
    });

    r.route({
      ...contractRoute(c.tasks, ['workspace']),
      handler: async (request) => listTasks(ctx, currentGeek(request), request.query.after),
    });

    r.route({
      ...contractRoute(c.task, ['workspace']),
      handler: async (request) => getTask(ctx, currentGeek(request), request.params.id),
    });

    r.route({
      ...contractRoute(c.transition, ['workspace']),
      handler: async (request) =>
        runGeekTransition(ctx, currentGeek(request), request.params.id, request.body.name),
    });

    r.route({
      ...contractRoute(c.upload, ['workspace', 'files']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createWorkspaceUpload(ctx, currentGeek(request), request.params.id, request.body)),
    });

    r.route({
      ...contractRoute(c.attachFiles, ['workspace', 'files']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await attachWorkspaceFiles(ctx, currentGeek(request), request.params.id, request.body.files)),
    });

    r.route({
      ...contractRoute(c.messages, ['workspace', 'messages']),
      handler: async (request) => listWorkspaceMessages(ctx, currentGeek(request), request.params.id),
    });

    r.route({
      ...contractRoute(c.messageFileDownload, ['workspace', 'messages']),
      handler: async (request, reply) => {
        const url = await workspaceMessageFileUrl(ctx, currentGeek(request), {
          orderId: request.params.id,
          messageId: request.params.messageId,
          fileId: request.params.fileId,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    });

    r.route({
      ...contractRoute(c.sendMessage, ['workspace', 'messages']),
      config: { rateLimit: { max: ctx.config.MESSAGES_PER_MINUTE, timeWindow: '1 minute' } },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await sendWorkspaceMessage(ctx, currentGeek(request), request.params.id, request.body)),
    });

    r.route({
      ...contractRoute(eventsContract.geeks, ['workspace', 'events']),
      // A HEAD would get the headers and then a connection that never ends.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        // The process's live hub and NOTIFY channel (decisions 019, 067), keyed by the Geek's id; a revocation (log-out,
        // disabling, a password change) ends the stream on every process (the geek_logins trigger, decision 047).
        const { geek, login } = currentGeek(request);
        const geekId = geek.id;
        const version = login.tokenVersion;
        request.geek = null;
        const db = ctx.database.db;
        await serveEventStream(request, reply, db, {
          subscribe: (socket) => live.hub.geeks.add(geekId, version, socket),
          unsubscribe: (sub) => live.hub.geeks.remove(geekId, sub),
          sessionIsCurrent: () => geekSessionIsCurrent(db, geekId, version),
          source: {
            after: (afterId, limit) => eventsAfter(db, geekId, afterId, limit, WORKSPACE_STORED_EVENTS),
            latest: () => latestUserEventId(db, geekId),
          },
        });
      },
    });

    r.route({
      ...contractRoute(c.earnings, ['workspace']),
      handler: async (request) => workspaceEarnings(ctx, currentGeek(request)),
    });

    r.route({
      ...contractRoute(c.payoutRequests, ['workspace']),
      handler: async (request) => geekPayoutRequests(ctx, currentGeek(request).geek),
    });

    r.route({
      ...contractRoute(c.requestPayout, ['workspace']),
      handler: async (request, reply) =>
        reply.status(201).send(await requestPayout(ctx, currentGeek(request).geek, request.body)),
    });
  };
}
