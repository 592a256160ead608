import { PERSONAL_DATA_MESSAGES } from '@geekly/domain/users/personal-data.ts';
import { privacyContract } from '@geekly/domain/users/privacy-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../adapters/storage/file-storage.ts';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { confirmErasure, eraseAccountForStaff, eraseOwnAccount, erasurePreview } from './erase-account.ts';
import { exportAccountForStaff, exportFileName, exportOwnAccount } from './export-account.ts';

/** Decision 058: download my data, delete my account; and the same for staff on a request. */
export function privacyRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...contractRoute(privacyContract.exportMine, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request, reply) => {
        const stream = await exportOwnAccount(ctx, currentUser(request));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(exportFileName(ctx.now())))
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    });

    r.route({
      ...contractRoute(privacyContract.erasurePreview, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request) => erasurePreview(ctx, currentUser(request)),
    });

    r.route({
      ...contractRoute(privacyContract.eraseMine, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request, reply) => {
        const done = await eraseOwnAccount(ctx, currentUser(request), request.body ?? {});
        if (done === 'mailed')
          return reply.status(202).send({ detail: PERSONAL_DATA_MESSAGES.confirmMailed });
        session.clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    });

    r.route({
      ...contractRoute(privacyContract.confirmErasure, ['accounts']),
      handler: async (request, reply) => {
        await confirmErasure(ctx, request.body.token);
        session.clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    });

    await app.register(async (staff) => {
      const s = staff.withTypeProvider<ZodTypeProvider>();
      staff.addHook('preValidation', session.requireStaff);

      s.route({
        ...contractRoute(privacyContract.exportForStaff, ['ops']),
        handler: async (request, reply) => {
          const stream = await exportAccountForStaff(ctx, currentUser(request), request.params.id);
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', attachmentDisposition(exportFileName(ctx.now())))
            .header('cache-control', 'private, no-store')
            .send(stream);
        },
      });

      s.route({
        ...contractRoute(privacyContract.eraseForStaff, ['ops']),
        handler: async (request, reply) => {
          await eraseAccountForStaff(ctx, currentUser(request), request.params.id, request.body.reason);
          return reply.status(204).send(null);
        },
      });
    });
  };
}
