import {
  WORKSPACE_MESSAGES,
  workspaceOffersResponseSchema,
  workspaceTaskDetailSchema,
  workspaceTaskSchema,
  workspaceTasksResponseSchema,
  workspaceTransitionSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentGeek, geekGuard } from './geek-session.ts';
import { getTask, listOffers, listTasks, runGeekTransition, takeOffer } from './workspace-tasks.ts';

const params = z.object({ id: z.string().max(100) });

/** The Geek's workspace (decision 047): offers and their own tasks; only a Geek's token, never a user's. */
export function workspaceRoutes(ctx: AppContext) {
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
  };
}
