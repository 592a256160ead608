import { geekActionSchema, geekResponseSchema } from '@geekly/domain/geeks/geek-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { actOnGeek, getGeekProfile, listBlockedGeeks, listMyGeeks } from './geek-profiles.ts';

const geekParams = z.object({ id: z.string().max(100) });

/** The Geek calls of docs/product/http-api.md (docs/product/geeks.md Geek, docs/product/geeks.md My Geeks). */
export function geeksRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.get(
      '/my-geeks',
      {
        schema: {
          tags: ['geeks'],
          summary: "The Geeks of the caller's tasks under review, blocked ones left out",
          response: { 200: z.array(geekResponseSchema), ...errorResponses(401) },
        },
      },
      async (request) => listMyGeeks(ctx, currentUser(request).id),
    );

    r.get(
      '/my-geeks/blocked',
      {
        schema: {
          tags: ['geeks'],
          summary: 'The Geeks the caller blocked (left out of My Geeks), to unblock them',
          response: { 200: z.array(geekResponseSchema), ...errorResponses(401) },
        },
      },
      async (request) => listBlockedGeeks(ctx, currentUser(request).id),
    );

    const profile = {
      schema: {
        tags: ['geeks'],
        summary: "A Geek's public profile, with figures from real marks and tasks",
        params: geekParams,
        response: { 200: geekResponseSchema, ...errorResponses(401, 404) },
      },
    };
    r.get('/geek/:id', profile, async (request) =>
      getGeekProfile(ctx, currentUser(request).id, request.params.id),
    );
    // docs/product/http-api.md names this path too; `public=1` is its only form.
    r.get(
      '/users/none/:id',
      { schema: { ...profile.schema, querystring: z.object({ public: z.literal('1').optional() }) } },
      async (request) => getGeekProfile(ctx, currentUser(request).id, request.params.id),
    );

    r.post(
      '/geek/:id',
      {
        schema: {
          tags: ['geeks'],
          summary: 'Favourite, unfavourite, block or unblock a Geek (for the caller only)',
          params: geekParams,
          body: geekActionSchema,
          response: { 200: geekResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => actOnGeek(ctx, currentUser(request).id, request.params.id, request.body.action),
    );
  };
}
