import { opsUploadRequestSchema } from '@geekly/domain/files/file-schemas.ts';
import {
  payoutRequestResponseSchema,
  payoutRequestSchema,
  payoutRequestsResponseSchema,
  WORKSPACE_MESSAGES,
  workspaceAttachFilesSchema,
  workspaceAttachResponseSchema,
  workspaceEarningsSchema,
  workspaceMessageSchema,
  workspaceMessagesResponseSchema,
  workspaceOffersResponseSchema,
  workspaceSendMessageSchema,
  workspaceTaskDetailSchema,
  workspaceTaskSchema,
  workspaceTasksResponseSchema,
  workspaceTransitionSchema,
  workspaceUploadResponseSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { eventsAfter, latestUserEventId, WORKSPACE_STORED_EVENTS } from '../events/events.repository.ts';
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

const params = z.object({ id: z.string().max(100) });

/** The Geek's workspace (decision 047): offers and their own tasks; only a Geek's token, never a user's. */
export function workspaceRoutes(ctx: AppContext, live: Live) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', geekGuard(ctx));

    r.get(
      '/workspace/offers',
      {
        schema: {
          tags: ['workspace'],
          summary:
            'The tasks this Geek may take now: paid, instructions accepted, no Geek, in their subjects (Preferred ' +
            "Geek: theirs for 12 hours; TOP Geek: TOP Geeks only; none while Away), each with the Geek's pay",
          response: { 200: workspaceOffersResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => listOffers(ctx, currentGeek(request)),
    );

    r.post(
      '/workspace/offers/:id/take',
      {
        schema: {
          tags: ['workspace'],
          summary: `Take an offer (assign_geek for the geek actor); 409 "${WORKSPACE_MESSAGES.taken}" when it is gone`,
          params,
          response: { 200: workspaceTaskSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => takeOffer(ctx, currentGeek(request), request.params.id),
    );

    r.get(
      '/workspace/tasks',
      {
        schema: {
          tags: ['workspace'],
          summary: "This Geek's tasks, the nearest deadline first, with their stage and unread messages",
          response: { 200: workspaceTasksResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => listTasks(ctx, currentGeek(request)),
    );

    r.get(
      '/workspace/tasks/:id',
      {
        schema: {
          tags: ['workspace'],
          summary:
            "One of this Geek's tasks: instructions, files (signed downloads), deadlines, pay, revision and check; " +
            'never anything about the student',
          params,
          response: { 200: workspaceTaskDetailSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => getTask(ctx, currentGeek(request), request.params.id),
    );

    r.post(
      '/workspace/tasks/:id/transitions',
      {
        schema: {
          tags: ['workspace'],
          summary:
            'start_work, deliver (needs a final draft), deliver_revision, or give_back (before work starts: back to ' +
            'the offers); a delivery waits for the quality check when GEEK_DELIVERY_CHECK is on',
          params,
          body: workspaceTransitionSchema,
          response: { 200: workspaceTaskDetailSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => runGeekTransition(ctx, currentGeek(request), request.params.id, request.body.name),
    );

    r.post(
      '/workspace/tasks/:id/uploads',
      {
        schema: {
          tags: ['workspace', 'files'],
          summary:
            'A presigned POST for a Geek file of this task (as /ops/orders/{id}/uploads; the per-user limits)',
          params,
          body: opsUploadRequestSchema,
          response: { 201: workspaceUploadResponseSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createWorkspaceUpload(ctx, currentGeek(request), request.params.id, request.body)),
    );

    r.post(
      '/workspace/tasks/:id/files',
      {
        schema: {
          tags: ['workspace', 'files'],
          summary:
            'Attach uploaded Geek files (file_draft_paper, file_final_draft, plagreport_file_final_draft with its level, …)',
          params,
          body: workspaceAttachFilesSchema,
          response: { 201: workspaceAttachResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await attachWorkspaceFiles(ctx, currentGeek(request), request.params.id, request.body.files)),
    );

    r.get(
      '/workspace/tasks/:id/messages',
      {
        schema: {
          tags: ['workspace', 'messages'],
          summary:
            "The conversation with the task's student ('Student <number>'), oldest first; marks it read",
          params,
          response: { 200: workspaceMessagesResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => listWorkspaceMessages(ctx, currentGeek(request), request.params.id),
    );

    r.get(
      '/workspace/tasks/:id/messages/:messageId/files/:fileId/download',
      {
        schema: {
          tags: ['workspace', 'messages'],
          summary: "Redirects to a short-lived signed address of a message's attachment on this Geek's task",
          params: z.object({
            id: z.string().max(100),
            messageId: z.string().max(100),
            fileId: z.string().max(100),
          }),
          response: { 302: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const url = await workspaceMessageFileUrl(ctx, currentGeek(request), {
          orderId: request.params.id,
          messageId: request.params.messageId,
          fileId: request.params.fileId,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );

    r.post(
      '/workspace/tasks/:id/messages',
      {
        config: { rateLimit: { max: ctx.config.MESSAGES_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['workspace', 'messages'],
          summary:
            "Write to the student as this Geek (sender_role 'writer', the Geek's public name on their side)",
          params,
          body: workspaceSendMessageSchema,
          response: { 201: workspaceMessageSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendWorkspaceMessage(ctx, currentGeek(request), request.params.id, request.body)),
    );

    r.get(
      '/workspace/events',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['workspace', 'events'],
          summary:
            "Server-Sent Events of this Geek's offers ('offer'), tasks ('order') and messages ('message'); " +
            "Last-Event-ID (or last_event_id) replays what was missed, as on the students' stream",
          querystring: z.object({ last_event_id: z.string().max(20).optional() }),
          response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
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
    );

    r.get(
      '/workspace/earnings',
      {
        schema: {
          tags: ['workspace'],
          summary:
            'Earnings (pending until the work is accepted), tips and payouts, and what Geekly owes the Geek now',
          response: { 200: workspaceEarningsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => workspaceEarnings(ctx, currentGeek(request)),
    );

    r.get(
      '/workspace/payout-requests',
      {
        schema: {
          tags: ['workspace'],
          summary: "This Geek's payout requests, newest first",
          response: { 200: payoutRequestsResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => geekPayoutRequests(ctx, currentGeek(request).geek),
    );

    r.post(
      '/workspace/payout-requests',
      {
        schema: {
          tags: ['workspace'],
          summary:
            'Ask for a payout of what is owed (all of it not yet asked for, without an amount); staff record it',
          body: payoutRequestSchema,
          response: { 201: payoutRequestResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await requestPayout(ctx, currentGeek(request).geek, request.body)),
    );
  };
}
