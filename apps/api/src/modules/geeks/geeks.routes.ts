import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { geeks } from '../../db/schema.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { preferredGeekIds } from '../orders/orders.repository.ts';

export const myGeekSchema = z.object({ _id: z.string(), public_full_name: z.string(), major: z.string() });

/** GET /my-geeks: seed 000 §4 "My Geeks" — the Geeks of the client's tasks under review (the Preferred Geek list). */
export function geeksRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/my-geeks',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['geeks'],
          summary: "The Geeks of the caller's tasks under review",
          response: { 200: z.array(myGeekSchema), ...errorResponses(401) },
        },
      },
      async (request) => {
        const db = ctx.database.db;
        const ids = await preferredGeekIds(db, currentUser(request).id);
        if (ids.length === 0) return [];
        const rows = await db.select().from(geeks).where(inArray(geeks.id, ids));
        return rows.map((g) => ({ _id: g.id, public_full_name: g.publicFullName, major: g.major }));
      },
    );
  };
}
