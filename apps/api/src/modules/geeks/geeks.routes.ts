import { geeksContract } from '@geekly/domain/geeks/geeks-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { actOnGeek, getGeekProfile, listBlockedGeeks, listMyGeeks } from './read-geek-profiles.ts';

/** The Geek calls of docs/product/http-api.md (docs/product/geeks.md Geek, docs/product/geeks.md My Geeks). */
export function geeksRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.route({
      ...contractRoute(geeksContract.myGeeks, ['geeks']),
      handler: async (request) => listMyGeeks(ctx, currentUser(request).id),
    });

    r.route({
      ...contractRoute(geeksContract.blocked, ['geeks']),
      handler: async (request) => listBlockedGeeks(ctx, currentUser(request).id),
    });

    r.route({
      ...contractRoute(geeksContract.profile, ['geeks']),
      handler: async (request) => getGeekProfile(ctx, currentUser(request).id, request.params.id),
    });
    r.route({
      ...contractRoute(geeksContract.publicProfile, ['geeks']),
      handler: async (request) => getGeekProfile(ctx, currentUser(request).id, request.params.id),
    });

    r.route({
      ...contractRoute(geeksContract.act, ['geeks']),
      handler: async (request) =>
        actOnGeek(ctx, currentUser(request).id, request.params.id, request.body.action),
    });
  };
}
