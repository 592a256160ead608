import {
  eraseAccountSchema,
  eraseConfirmSchema,
  erasurePreviewSchema,
  opsEraseSchema,
  PERSONAL_DATA_MESSAGES,
} from '@geekly/domain/users/personal-data.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../adapters/storage/file-storage.ts';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { confirmErasure, eraseAccountForStaff, eraseOwnAccount, erasurePreview } from './erase-account.ts';
import { exportAccountForStaff, exportFileName, exportOwnAccount } from './export-account.ts';

const zipAnswer = z.any().describe('application/zip: account.json and the files');
const noContent = z.null().describe('No content');

/** Decision 058: download my data, delete my account; and the same for staff on a request. */
export function privacyRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/users/client/me/export',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary: 'Download my data: a zip with account.json and my files, streamed; a few a day',
          response: { 200: zipAnswer, ...errorResponses(401, 429) },
        },
      },
      async (request, reply) => {
        const stream = await exportOwnAccount(ctx, currentUser(request));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(exportFileName(ctx.now())))
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );

    r.get(
      '/users/client/me/erasure',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary: 'What deleting my account does to money in flight (shown before confirming)',
          response: { 200: erasurePreviewSchema, ...errorResponses(401) },
        },
      },
      async (request) => erasurePreview(ctx, currentUser(request)),
    );

    r.delete(
      '/users/client/me',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary:
            'Delete my account: 204 with the password; a Google-only account gets a confirmation link by mail (202)',
          body: eraseAccountSchema,
          response: {
            204: noContent,
            202: z.object({ detail: z.string() }),
            ...errorResponses(400, 401, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const done = await eraseOwnAccount(ctx, currentUser(request), request.body ?? {});
        if (done === 'mailed')
          return reply.status(202).send({ detail: PERSONAL_DATA_MESSAGES.confirmMailed });
        session.clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/users/client/me/erasure/confirm',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Delete the account the mailed link names (no session needed)',
          body: eraseConfirmSchema,
          response: { 204: noContent, ...errorResponses(404, 409, 422) },
        },
      },
      async (request, reply) => {
        await confirmErasure(ctx, request.body.token);
        session.clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );

    await app.register(async (staff) => {
      const s = staff.withTypeProvider<ZodTypeProvider>();
      staff.addHook('preValidation', session.requireStaff);
      const params = z.object({ id: z.string().max(100) });

      s.get(
        '/ops/users/:id/export',
        {
          schema: {
            tags: ['ops'],
            summary: "A client's data export, for their request (audited)",
            params,
            response: { 200: zipAnswer, ...errorResponses(401, 403, 404) },
          },
        },
        async (request, reply) => {
          const stream = await exportAccountForStaff(ctx, currentUser(request), request.params.id);
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', attachmentDisposition(exportFileName(ctx.now())))
            .header('cache-control', 'private, no-store')
            .send(stream);
        },
      );

      s.post(
        '/ops/users/:id/erase',
        {
          schema: {
            tags: ['ops'],
            summary: "Erase a client's personal data on request (admins only; the reason is audited)",
            params,
            body: opsEraseSchema,
            response: { 204: noContent, ...errorResponses(401, 403, 404, 409, 422) },
          },
        },
        async (request, reply) => {
          await eraseAccountForStaff(ctx, currentUser(request), request.params.id, request.body.reason);
          return reply.status(204).send(null);
        },
      );
    });
  };
}
