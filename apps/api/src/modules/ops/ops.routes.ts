import { opsContract } from '@geekly/domain/ops/ops-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { opsApplicationsRoutes } from '../applications/ops-applications.routes.ts';
import { rejectedMail } from '../notifications/rejected-mail.ts';
import { geekEarningsRoutes } from '../payments/geek-earnings.routes.ts';
import { creditBalance } from './credit-balance.ts';
import { createGeekProfile, editGeek } from './manage-geek-profiles.ts';
import { assignableGeeks } from './operator-orders.ts';
import { opsOrderRoutes } from './ops-orders.routes.ts';
import {
  changeStaffAccount,
  createStaffAccount,
  endStaffSessions,
  logInStaff,
  logOutStaff,
  staffAccounts,
  staffMe,
} from './staff-accounts.ts';
import { auditList } from './task-records.ts';

/**
 * The operator API (`/api/v3/ops`): staff move tasks through the operator transitions of the order state
 * machine and run the back office (decision 021). Client tokens are refused here and staff tokens on the client
 * endpoints; every staff action writes an audit row in its own transaction.
 */
export function opsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...contractRoute(opsContract.logIn, ['ops']),
      // Failures limited per address and per e-mail in the use case (decision 028).
      handler: async (request) => logInStaff(ctx, request.body.email, request.body.password, request.ip),
    });

    await app.register(async (staff) => {
      const s = staff.withTypeProvider<ZodTypeProvider>();
      // Before validation: a client's token is refused 403 whatever its body.
      staff.addHook('preValidation', session.requireStaff);
      opsOrderRoutes(ctx, staff, session);
      geekEarningsRoutes(ctx, staff);
      opsApplicationsRoutes(ctx, staff);

      s.route({
        ...contractRoute(opsContract.me, ['ops']),
        handler: async (request) => staffMe(currentUser(request)),
      });

      s.route({
        ...contractRoute(opsContract.logOut, ['ops']),
        handler: async (request, reply) => {
          await logOutStaff(ctx, currentUser(request));
          return reply.status(204).send(null);
        },
      });

      s.route({
        ...contractRoute(opsContract.geeks, ['ops']),
        handler: async () => assignableGeeks(ctx),
      });

      s.route({
        ...contractRoute(opsContract.addGeek, ['ops']),
        handler: async (request, reply) => {
          reply.code(201);
          return createGeekProfile(ctx, currentUser(request), request.body);
        },
      });

      s.route({
        ...contractRoute(opsContract.editGeek, ['ops']),
        handler: async (request) => editGeek(ctx, currentUser(request), request.params.id, request.body),
      });

      s.route({
        ...contractRoute(opsContract.rejectedMail, ['ops']),
        handler: async () => rejectedMail(ctx),
      });

      s.route({
        ...contractRoute(opsContract.audit, ['ops']),
        handler: async (request) =>
          auditList(ctx, currentUser(request), {
            orderId: request.query.order_id,
            before: request.query.before,
          }),
      });

      s.route({
        ...contractRoute(opsContract.staff, ['ops']),
        handler: async (request) => staffAccounts(ctx, currentUser(request)),
      });

      s.route({
        ...contractRoute(opsContract.addStaff, ['ops']),
        handler: async (request, reply) => {
          reply.code(201);
          return createStaffAccount(ctx, currentUser(request), request.body);
        },
      });

      s.route({
        ...contractRoute(opsContract.changeStaff, ['ops']),
        handler: async (request) =>
          changeStaffAccount(ctx, currentUser(request), request.params.id, request.body),
      });

      s.route({
        ...contractRoute(opsContract.endStaffSessions, ['ops']),
        handler: async (request, reply) => {
          await endStaffSessions(ctx, currentUser(request), request.params.id);
          return reply.status(204).send(null);
        },
      });

      s.route({
        ...contractRoute(opsContract.creditBalance, ['ops']),
        handler: async (request) =>
          creditBalance(ctx, currentUser(request), request.params.id, {
            amountCents: request.body.amount,
            memo: request.body.memo,
            idempotencyKey: request.body.idempotency_key,
          }),
      });
    });
  };
}
