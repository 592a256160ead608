import { filesContract } from '@geekly/domain/files/files-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../adapters/storage/file-storage.ts';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { zipStream } from './download-all.ts';
import {
  attachClientFiles,
  createClientUpload,
  fileDownloadUrl,
  filesForZip,
  listClientFiles,
  removeClientFile,
} from './order-files.ts';

/** docs/product/http-api.md "Files": the client's file calls. Uploads go to storage; the API only signs and records them. */
export function filesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.route({
      ...contractRoute(filesContract.presign, ['files']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createClientUpload(ctx, currentUser(request), request.params.id, request.body)),
    });

    r.route({
      ...contractRoute(filesContract.attach, ['files']),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await attachClientFiles(ctx, currentUser(request), request.params.id, request.body.files)),
    });

    r.route({
      ...contractRoute(filesContract.list, ['files']),
      handler: async (request) => listClientFiles(ctx, currentUser(request), request.params.id),
    });

    r.route({
      ...contractRoute(filesContract.downloadAll, ['files']),
      handler: async (request, reply) => {
        const { order, files } = await filesForZip(ctx, currentUser(request), request.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(`Task ${order.number} files.zip`))
          .header('cache-control', 'private, no-store')
          .send(zipStream(ctx.storage, files));
      },
    });

    r.route({
      ...contractRoute(filesContract.download, ['files']),
      handler: async (request, reply) => {
        const url = await fileDownloadUrl(
          ctx,
          currentUser(request),
          request.params.id,
          request.params.fileId,
        );
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    });

    r.route({
      ...contractRoute(filesContract.remove, ['files']),
      handler: async (request) => {
        await removeClientFile(ctx, currentUser(request), request.params.id, request.params.fileId);
        return { removed: true as const };
      },
    });
  };
}
