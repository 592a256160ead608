import { opsOrdersContract } from '@geekly/domain/ops/ops-orders-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { attachGeekFiles, createGeekUpload, listTaskFiles, staffFileUrl } from './geek-files.ts';

/** docs/product/http-api.md "Operator API": staff upload the Geek's files for a task. */
export function opsFilesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Before validation: a client's token is refused 403 whatever its body (decision 021).
    app.addHook('preValidation', session.requireStaff);

    r.route({
      ...contractRoute(opsOrdersContract.upload, ['ops', 'files']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createGeekUpload(ctx, currentUser(request), request.params.id, request.body)),
    });

    r.route({
      ...contractRoute(opsOrdersContract.attachFiles, ['ops', 'files']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await attachGeekFiles(ctx, currentUser(request), request.params.id, request.body.files)),
    });

    r.route({
      ...contractRoute(opsOrdersContract.files, ['ops', 'files']),
      handler: async (request) => listTaskFiles(ctx, request.params.id),
    });

    r.route({
      ...contractRoute(opsOrdersContract.fileUrl, ['ops', 'files']),
      handler: async (request) => staffFileUrl(ctx, request.params.id, request.params.fileId),
    });
  };
}
