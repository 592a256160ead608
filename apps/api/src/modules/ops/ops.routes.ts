import {
  geekPatchSchema,
  newGeekSchema,
  STAFF_ROLES,
  staffAccountSchema,
  staffPatchSchema,
} from '@geekly/domain/ops/back-office.ts';
import { rejectedMailListSchema } from '@geekly/domain/ops/rejected-mail.ts';
import { topUpAmountSchema } from '@geekly/domain/payments/amount-schemas.ts';
import { emailField } from '@geekly/domain/users/user-schemas.ts';
import { opsGeekProfileSchema } from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { opsApplicationsRoutes } from '../applications/ops-applications.routes.ts';
import { rejectedMail } from '../notifications/rejected-mail.ts';
import { geekEarningsRoutes } from '../payments/geek-earnings.routes.ts';
import { creditBalance } from './credit-balance.ts';
import { createGeekProfile, editGeek } from './geek-profiles.ts';
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

const geekSchema = opsGeekProfileSchema;
const staffSchema = z.object({
  _id: z.string(),
  email: z.string(),
  staff_role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  disabled: z.boolean(),
});

/**
 * The operator API (`/api/v3/ops`): staff move tasks through the operator transitions of the order state
 * machine and run the back office (decision 021). Client tokens are refused here and staff tokens on the client
 * endpoints; every staff action writes an audit row in its own transaction.
 */
export function opsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/ops/session',
      {
        // Failures limited per address and per e-mail in the use case (decision 028).
        schema: {
          tags: ['ops'],
          summary: 'Staff log-in; answers a bearer token',
          body: z.object({ email: emailField, password: z.string().min(1).max(128) }),
          response: { 200: z.object({ jwt: z.string() }), ...errorResponses(401, 422, 429) },
        },
      },
      async (request) => logInStaff(ctx, request.body.email, request.body.password, request.ip),
    );

    await app.register(async (staff) => {
      const s = staff.withTypeProvider<ZodTypeProvider>();
      // Before validation: a client's token is refused 403 whatever its body.
      staff.addHook('preValidation', session.requireStaff);
      const params = z.object({ id: z.string().max(100) });
      opsOrderRoutes(ctx, staff);
      geekEarningsRoutes(ctx, staff);
      opsApplicationsRoutes(ctx, staff);

      s.get(
        '/ops/me',
        {
          schema: {
            tags: ['ops'],
            summary: 'The signed-in staff account and its role',
            response: {
              200: z.object({ _id: z.string(), email: z.string(), staff_role: z.enum(STAFF_ROLES) }),
              ...errorResponses(401, 403),
            },
          },
        },
        async (request) => staffMe(currentUser(request)),
      );

      s.post(
        '/ops/logout',
        {
          schema: {
            tags: ['ops'],
            summary:
              "Staff log-out: revokes the staff account's tokens on the server (401 from then on) and ends its " +
              'event streams',
            response: { 204: z.null().describe('No content'), ...errorResponses(401, 403) },
          },
        },
        async (request, reply) => {
          await logOutStaff(ctx, currentUser(request));
          return reply.status(204).send(null);
        },
      );

      s.get(
        '/ops/geeks',
        {
          schema: {
            tags: ['ops'],
            summary: 'Every Geek with subjects and load (tasks in progress)',
            response: {
              200: z.array(geekSchema.extend({ load: z.number() })),
              ...errorResponses(401, 403),
            },
          },
        },
        async () => assignableGeeks(ctx),
      );

      s.post(
        '/ops/geeks',
        {
          schema: {
            tags: ['ops'],
            summary: 'Add a Geek profile',
            body: newGeekSchema,
            response: { 201: geekSchema, ...errorResponses(401, 403, 422) },
          },
        },
        async (request, reply) => {
          reply.code(201);
          return createGeekProfile(ctx, currentUser(request), request.body);
        },
      );

      s.patch(
        '/ops/geeks/:id',
        {
          schema: {
            tags: ['ops'],
            summary: "Edit a Geek's profile, or disable them (a disabled Geek cannot be assigned)",
            params,
            body: geekPatchSchema,
            response: { 200: geekSchema, ...errorResponses(401, 403, 404, 422) },
          },
        },
        async (request) => editGeek(ctx, currentUser(request), request.params.id, request.body),
      );

      s.get(
        '/ops/mail/rejected',
        {
          schema: {
            tags: ['ops'],
            summary: 'Mail the SMTP server refused for good (5xx), newest first: not retried (decision 059)',
            response: { 200: rejectedMailListSchema, ...errorResponses(401, 403) },
          },
        },
        async () => rejectedMail(ctx),
      );

      s.get(
        '/ops/audit',
        {
          schema: {
            tags: ['ops'],
            summary:
              'Staff actions and autopilot steps, newest first, 50 a page; of one task with order_id; the next page with before=next. A support account sees, of the whole log, its own rows and those of the tasks it worked on, and other staff by role',
            querystring: z.object({ order_id: z.uuid().optional(), before: z.uuid().optional() }),
            response: {
              200: z.object({
                next: z.string().nullable(),
                results: z.array(
                  z.object({
                    _id: z.string(),
                    at: z.string(),
                    actor: z.string(),
                    action: z.string(),
                    order_id: z.string().nullable(),
                    subject_id: z.string().nullable(),
                    before: z.record(z.string(), z.unknown()).nullable(),
                    after: z.record(z.string(), z.unknown()).nullable(),
                    details: z.record(z.string(), z.unknown()),
                  }),
                ),
              }),
              ...errorResponses(401, 403, 422),
            },
          },
        },
        async (request) =>
          auditList(ctx, currentUser(request), {
            orderId: request.query.order_id,
            before: request.query.before,
          }),
      );

      s.get(
        '/ops/staff',
        {
          schema: {
            tags: ['ops'],
            summary: 'Staff accounts (admins only)',
            response: { 200: z.object({ results: z.array(staffSchema) }), ...errorResponses(401, 403) },
          },
        },
        async (request) => staffAccounts(ctx, currentUser(request)),
      );

      s.post(
        '/ops/staff',
        {
          schema: {
            tags: ['ops'],
            summary: 'Create a staff account (admins only)',
            body: staffAccountSchema,
            response: { 201: staffSchema, ...errorResponses(401, 403, 409, 422) },
          },
        },
        async (request, reply) => {
          reply.code(201);
          return createStaffAccount(ctx, currentUser(request), request.body);
        },
      );

      s.patch(
        '/ops/staff/:id',
        {
          schema: {
            tags: ['ops'],
            summary:
              "Change a staff account's role, or disable or enable it (admins only, never their own account); a new " +
              'role or a disabled account ends its sessions and event streams',
            params,
            body: staffPatchSchema,
            response: { 200: staffSchema, ...errorResponses(401, 403, 404, 422) },
          },
        },
        async (request) => changeStaffAccount(ctx, currentUser(request), request.params.id, request.body),
      );

      s.delete(
        '/ops/staff/:id/sessions',
        {
          schema: {
            tags: ['ops'],
            summary: "End a staff account's sessions and event streams (admins only)",
            params,
            response: { 204: z.null().describe('No content'), ...errorResponses(401, 403, 404) },
          },
        },
        async (request, reply) => {
          await endStaffSessions(ctx, currentUser(request), request.params.id);
          return reply.status(204).send(null);
        },
      );

      s.post(
        '/ops/users/:id/balance-credits',
        {
          schema: {
            tags: ['ops'],
            summary: "Credit a client's balance (goodwill); idempotent by idempotency_key",
            params,
            body: z.object({
              amount: topUpAmountSchema.describe('US dollars'),
              memo: z.string().trim().min(1).max(500),
              idempotency_key: z.string().min(8).max(100),
            }),
            response: {
              200: z.object({ credited: z.boolean(), available_balance: z.number() }),
              ...errorResponses(401, 403, 404, 422),
            },
          },
        },
        async (request) =>
          creditBalance(ctx, currentUser(request), request.params.id, {
            amountCents: request.body.amount,
            memo: request.body.memo,
            idempotencyKey: request.body.idempotency_key,
          }),
      );
    });
  };
}
