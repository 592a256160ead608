import {
  attachFilesSchema,
  fileActionSchema,
  orderFileSchema,
  presignedPostSchema,
  uploadRequestSchema,
} from '@geekly/domain/files/file-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../adapters/storage/file-storage.ts';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
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

const orderParams = z.object({ id: z.string().max(100) });
const fileParams = orderParams.extend({ fileId: z.string().max(100) });

/** docs/product/http-api.md "Files": the client's file calls. Uploads go to storage; the API only signs and records them. */
export function filesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.post(
      '/orders/:id/uploads',
      {
        schema: {
          tags: ['files'],
          summary:
            'A presigned POST for one file: post every field, then `file`, to `url`; a refused size or type is a 422 and nothing is signed; past the uploads per hour or the size per day, a 429 with Retry-After',
          params: orderParams,
          body: uploadRequestSchema,
          response: { 201: presignedPostSchema, ...errorResponses(401, 404, 409, 422, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createClientUpload(ctx, currentUser(request), request.params.id, request.body)),
    );

    r.post(
      '/orders/:id/files',
      {
        schema: {
          tags: ['files'],
          summary:
            'Attach uploaded files to the task: only locations signed for this user and task whose objects arrived as signed',
          params: orderParams,
          body: attachFilesSchema,
          response: {
            201: z.object({ attached_files: z.array(orderFileSchema) }),
            ...errorResponses(401, 404, 409, 422),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await attachClientFiles(ctx, currentUser(request), request.params.id, request.body.files)),
    );

    r.get(
      '/orders/:id/files',
      {
        schema: {
          tags: ['files'],
          summary:
            "The client's files and the Geek files the rules let the client see (docs/product/files.md)",
          params: orderParams,
          response: { 200: z.object({ files: z.array(orderFileSchema) }), ...errorResponses(401, 404) },
        },
      },
      async (request) => listClientFiles(ctx, currentUser(request), request.params.id),
    );

    r.get(
      '/orders/:id/files/download_all',
      {
        schema: {
          tags: ['files'],
          summary: 'A zip of every file the client may download now, streamed',
          params: orderParams,
          response: { 200: z.any().describe('application/zip'), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const { order, files } = await filesForZip(ctx, currentUser(request), request.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(`Task ${order.number} files.zip`))
          .header('cache-control', 'private, no-store')
          .send(zipStream(ctx.storage, files));
      },
    );

    r.get(
      '/orders/:id/files/:fileId/download',
      {
        schema: {
          tags: ['files'],
          summary:
            'Redirects to a short-lived signed address of the file; a Geek file before full payment is a 403',
          params: fileParams,
          response: { 302: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const url = await fileDownloadUrl(
          ctx,
          currentUser(request),
          request.params.id,
          request.params.fileId,
        );
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );

    r.post(
      '/orders/:id/files/:fileId',
      {
        schema: {
          tags: ['files'],
          summary: "Remove one of the client's files; refused once the task is paid (docs/product/files.md)",
          params: fileParams,
          body: fileActionSchema,
          response: { 200: z.object({ removed: z.literal(true) }), ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => {
        await removeClientFile(ctx, currentUser(request), request.params.id, request.params.fileId);
        return { removed: true as const };
      },
    );
  };
}
