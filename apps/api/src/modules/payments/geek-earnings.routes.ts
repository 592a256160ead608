import {
  optionalPeriodSchema,
  payoutPeriodSchema,
  wholePeriod,
} from '@geekly/domain/payments/geek-payouts.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { geekEarningHistory, geekEarnings, geekPayoutReport } from './geek-payouts.ts';

const totalsSchema = z.object({
  geek_id: z.string(),
  public_full_name: z.string(),
  tasks: z.number().int().describe('accepted tasks earned on'),
  earned: z.number(),
  tips: z.number(),
  total: z.number(),
});
const historySchema = z.object({
  geek_id: z.string(),
  public_full_name: z.string(),
  total: z.number(),
  lines: z.array(
    z.object({
      created_at: z.string(),
      kind: z.enum(['earning', 'tip']),
      memo: z.string().nullable(),
      order_id: z.string().nullable(),
      order_number: z.number().nullable(),
      title: z.string().nullable(),
      amount: z.number(),
    }),
  ),
});

/** The Geeks' side of the money in the back office (decision 036); registered inside the staff-only scope. */
export function geekEarningsRoutes(ctx: AppContext, staff: FastifyInstance) {
  const s = staff.withTypeProvider<ZodTypeProvider>();
  s.get(
    '/ops/geek-earnings',
    {
      schema: {
        tags: ['ops'],
        summary: 'Every Geek with what accepted tasks earned them and their tips, all time or in a period',
        querystring: optionalPeriodSchema,
        response: { 200: z.array(totalsSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => geekEarnings(ctx, wholePeriod(request.query)),
  );
  s.get(
    '/ops/geek-earnings.csv',
    {
      schema: {
        tags: ['ops'],
        summary:
          'The payout report (CSV): what each Geek earned and was tipped in a period of whole UTC days',
        querystring: payoutPeriodSchema,
        response: { 200: z.string(), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="geek-payouts-${from}-${to}.csv"`);
      return geekPayoutReport(ctx, request.query);
    },
  );
  s.get(
    '/ops/geeks/:id/earnings',
    {
      schema: {
        tags: ['ops'],
        summary: "One Geek's earnings and tips, newest first",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: historySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => geekEarningHistory(ctx, request.params.id),
  );
}
