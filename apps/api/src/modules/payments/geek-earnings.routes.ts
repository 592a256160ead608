import {
  optionalPeriodSchema,
  payoutPeriodSchema,
  wholePeriod,
} from '@geekly/domain/payments/geek-payouts.ts';
import {
  geekPayoutResponseSchema,
  geekPayoutSchema,
  PAYOUT_REQUEST_STATUSES,
  payoutRequestsResponseSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser } from '../../plugins/session.ts';
import { opsPayoutRequests, recordGeekPayout } from './geek-payout-entries.ts';
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
      kind: z.enum(['earning', 'tip', 'payout']),
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
  s.post(
    '/ops/geek-payouts',
    {
      schema: {
        tags: ['ops'],
        summary: 'Record a payout to a Geek in the ledger (admin only); 422 above what Geekly owes them',
        body: geekPayoutSchema,
        response: { 201: geekPayoutResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordGeekPayout(ctx, currentUser(request), request.body)),
  );
  s.get(
    '/ops/payout-requests',
    {
      schema: {
        tags: ['ops'],
        summary:
          "The Geeks' payout requests (open ones unless a status is given), oldest first, with what each is owed",
        querystring: z.object({ status: z.enum(PAYOUT_REQUEST_STATUSES).optional() }),
        response: { 200: payoutRequestsResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => opsPayoutRequests(ctx, request.query.status),
  );
}
