import {
  approveApplicationSchema,
  inviteGeekResponseSchema,
  inviteGeekSchema,
  opsApplicationSchema,
  opsApplicationsQuerySchema,
  opsApplicationsResponseSchema,
  opsGeekProfileSchema,
  rejectApplicationSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser } from '../../plugins/session.ts';
import { inviteGeek } from '../workspace/geek-passwords.ts';
import { approveApplication, listApplications, rejectApplication } from './geek-applications.ts';

const params = z.object({ id: z.string().max(100) });

/** Applications and Geek invitations in the back office (issue 31); registered inside the staff-only scope. */
export function opsApplicationsRoutes(ctx: AppContext, staff: FastifyInstance) {
  const s = staff.withTypeProvider<ZodTypeProvider>();
  s.get(
    '/ops/applications',
    {
      schema: {
        tags: ['ops'],
        summary: 'Applications of a kind (geek by default), newest first; never the password',
        querystring: opsApplicationsQuerySchema,
        response: { 200: opsApplicationsResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => listApplications(ctx, request.query),
  );
  s.post(
    '/ops/applications/:id/approve',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Approve a Geek application: a Geek profile ("First L.") with a log-in of the applicant’s e-mail and password',
        params,
        body: approveApplicationSchema,
        response: { 201: opsGeekProfileSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await approveApplication(ctx, currentUser(request), request.params.id, request.body)),
  );
  s.post(
    '/ops/applications/:id/reject',
    {
      schema: {
        tags: ['ops'],
        summary: 'Reject a Geek application with a reason (mailed to the applicant)',
        params,
        body: rejectApplicationSchema,
        response: { 200: opsApplicationSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => rejectApplication(ctx, currentUser(request), request.params.id, request.body.reason),
  );
  s.post(
    '/ops/geeks/:id/invite',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Invite a Geek profile to the workspace: a one-time link (72 hours) to set a password, mailed',
        params,
        body: inviteGeekSchema,
        response: { 201: inviteGeekResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteGeek(ctx, currentUser(request), request.params.id, request.body.email)),
  );
}
