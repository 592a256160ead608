import { wholePeriod } from '@geekly/domain/payments/geek-payouts.ts';
import { geekPayContract as c } from '@geekly/domain/workspace/geek-pay-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser } from '../../plugins/session.ts';
import { opsPayoutRequests, recordGeekPayout } from './geek-payout-entries.ts';
import { geekEarningHistory, geekEarnings, geekPayoutReport } from './geek-payouts.ts';

/** The Geeks' side of the money in the back office (decision 036); registered inside the staff-only scope. */
export function geekEarningsRoutes(ctx: AppContext, staff: FastifyInstance) {
  const s = staff.withTypeProvider<ZodTypeProvider>();
  s.route({
    ...contractRoute(c.earnings, ['ops']),
    handler: async (request) => geekEarnings(ctx, wholePeriod(request.query)),
  });
  s.route({
    ...contractRoute(c.payoutReport, ['ops']),
    handler: async (request, reply) => {
      const { from, to } = request.query;
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="geek-payouts-${from}-${to}.csv"`);
      return geekPayoutReport(ctx, request.query);
    },
  });
  s.route({
    ...contractRoute(c.history, ['ops']),
    handler: async (request) => geekEarningHistory(ctx, request.params.id),
  });
  s.route({
    ...contractRoute(c.recordPayout, ['ops']),
    handler: async (request, reply) =>
      reply.status(201).send(await recordGeekPayout(ctx, currentUser(request), request.body)),
  });
  s.route({
    ...contractRoute(c.payoutRequests, ['ops']),
    handler: async (request) => opsPayoutRequests(ctx, request.query.status),
  });
}
