import {
  opsAttachFilesSchema,
  opsUploadRequestSchema,
  orderFileSchema,
  presignedPostSchema,
  signedFileUrlSchema,
} from '@geekly/domain/files/file-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { attachGeekFiles, createGeekUpload, listTaskFiles, staffFileUrl } from './geek-files.ts';

const params = z.object({ id: z.string().max(100) });
const fileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) });

/** docs/product/http-api.md "Operator API": staff upload the Geek's files for a task. */
export function opsFilesRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Before validation: a client's token is refused 403 whatever its body (decision 021).
    app.addHook('preValidation', session.requireStaff);

    r.post(
      '/ops/orders/:id/uploads',
      {
        schema: {
          tags: ['ops', 'files'],
          summary: 'A presigned POST for a Geek file (same limits as the client’s)',
          params,
          body: opsUploadRequestSchema,
          response: { 201: presignedPostSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createGeekUpload(ctx, currentUser(request), request.params.id, request.body)),
    );

    r.post(
      '/ops/orders/:id/files',
      {
        schema: {
          tags: ['ops', 'files'],
          summary:
            'Attach uploaded Geek files (file_final_draft, plagreport_file_final_draft, …) with their plagiarism check',
          params,
          body: opsAttachFilesSchema,
          response: {
            201: z.object({ attached_files: z.array(orderFileSchema) }),
            ...errorResponses(401, 403, 404, 409, 422),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await attachGeekFiles(ctx, currentUser(request), request.params.id, request.body.files)),
    );

    r.get(
      '/ops/orders/:id/files',
      {
        schema: {
          tags: ['ops', 'files'],
          summary: "Every file of the task: the client's and the Geek's, with their plagiarism check",
          params,
          response: { 200: z.object({ files: z.array(orderFileSchema) }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => listTaskFiles(ctx, request.params.id),
    );

    r.get(
      '/ops/orders/:id/files/:fileId/url',
      {
        schema: {
          tags: ['ops', 'files'],
          summary:
            "A 5-minute signed address of any file of the task (the quality check opens the Geek's delivery)",
          params: fileParams,
          response: { 200: signedFileUrlSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => staffFileUrl(ctx, request.params.id, request.params.fileId),
    );
  };
}
