import { geekApplicationsContract as c } from '@geekly/domain/workspace/geek-applications-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser } from '../../plugins/session.ts';
import { inviteGeek } from '../workspace/geek-passwords.ts';
import { approveApplication, listApplications, rejectApplication } from './geek-applications.ts';

/** Applications and Geek invitations in the back office (issue 31); registered inside the staff-only scope. */
export function opsApplicationsRoutes(ctx: AppContext, staff: FastifyInstance) {
  const s = staff.withTypeProvider<ZodTypeProvider>();
  s.route({
    ...contractRoute(c.list, ['ops']),
    handler: async (request) => listApplications(ctx, request.query),
  });
  s.route({
    ...contractRoute(c.approve, ['ops']),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await approveApplication(ctx, currentUser(request), request.params.id, request.body)),
  });
  s.route({
    ...contractRoute(c.reject, ['ops']),
    handler: async (request) =>
      rejectApplication(ctx, currentUser(request), request.params.id, request.body.reason),
  });
  s.route({
    ...contractRoute(c.invite, ['ops']),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await inviteGeek(ctx, currentUser(request), request.params.id, request.body.email)),
  });
}
