import { usersContract } from '@geekly/domain/users/users-contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { clientCountry } from '../../plugins/client-country.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { changePassword, confirmPasswordSet } from './change-password.ts';
import { logIn, logOutEverywhere } from './log-in.ts';
import { confirmNotificationEmail, undoNotificationEmailChange } from './notification-email.ts';
import { checkPhoneCode, sendPhoneCode } from './phone-verification.ts';
import { restorePassword } from './restore-password.ts';
import { signUp } from './sign-up.ts';
import { updateMe } from './update-me.ts';
import { loadUserView } from './user-view.ts';

// Keyed by address and e-mail, so one attacker cannot lock a user out from everywhere
// and one busy address (a campus NAT) does not block everyone behind it.
const byIpAndEmail = (request: FastifyRequest) => {
  const body = request.body as { value?: unknown; email?: unknown } | undefined;
  const who =
    typeof body?.value === 'string' ? body.value : typeof body?.email === 'string' ? body.email : '';
  return `${request.ip}|${who.trim().toLowerCase()}`;
};

// The default onRequest hook runs before the body is parsed, when byIpAndEmail would see no e-mail and every
// log-in from one address would share one counter; preValidation has the body and still runs before a 422.
const BODY_READ = 'preValidation' as const;

export function usersRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...contractRoute(usersContract.signUp, ['accounts']),
      config: { rateLimit: { max: ctx.config.SIGNUP_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
      handler: async (request, reply) => {
        const result = await signUp(ctx, request.body, {
          ip: request.ip,
          country: clientCountry(ctx, request),
          deviceId: request.deviceId,
        });
        session.setSessionCookie(reply, result.jwt);
        return reply.status(201).send(result);
      },
    });

    r.route({
      ...contractRoute(usersContract.logIn, ['accounts']),
      // Limited in the use case, which knows a failed attempt from a good one (decision 028).
      handler: async (request, reply) => {
        const result = await logIn(ctx, request.body, {
          ip: request.ip,
          country: clientCountry(ctx, request),
          deviceId: request.deviceId,
        });
        session.setSessionCookie(reply, result.jwt);
        return result;
      },
    });

    r.route({
      ...contractRoute(usersContract.restorePassword, ['accounts']),
      config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byIpAndEmail, hook: BODY_READ } },
      handler: async (request) => {
        await restorePassword(ctx, request.body);
        return { detail: 'New Password was sent. Please check your email' };
      },
    });

    r.route({
      ...contractRoute(usersContract.me, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request) => loadUserView(ctx.database.db, currentUser(request)),
    });

    r.route({
      ...contractRoute(usersContract.updateMe, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request) =>
        updateMe(ctx, currentUser(request), request.body, { issuedAt: request.claims?.issuedAt ?? null }),
    });

    r.route({
      ...contractRoute(usersContract.confirmNotificationEmail, ['accounts']),
      handler: async (request) => confirmNotificationEmail(ctx, request.body.token),
    });

    r.route({
      ...contractRoute(usersContract.undoNotificationEmail, ['accounts']),
      handler: async (request) => undoNotificationEmailChange(ctx, request.body.token),
    });

    r.route({
      ...contractRoute(usersContract.sendPhoneCode, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request) => sendPhoneCode(ctx, currentUser(request), { ip: request.ip }),
    });

    r.route({
      ...contractRoute(usersContract.checkPhoneCode, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request) => checkPhoneCode(ctx, currentUser(request), request.body.code),
    });

    r.route({
      ...contractRoute(usersContract.changePassword, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request, reply) => {
        const result = await changePassword(ctx, currentUser(request), request.body);
        if (result.kind === 'confirmation_sent') {
          return reply.status(202).send({ detail: result.detail, confirmation_sent: true as const });
        }
        session.setSessionCookie(reply, result.jwt);
        return reply.status(200).send({ jwt: result.jwt });
      },
    });

    r.route({
      ...contractRoute(usersContract.confirmPasswordSet, ['accounts']),
      handler: async (request, reply) => {
        const caller = await session.optionalClient(request);
        const result = await confirmPasswordSet(ctx, request.body.token, caller?.id ?? null);
        if (result.jwt) session.setSessionCookie(reply, result.jwt);
        return result;
      },
    });

    r.route({
      ...contractRoute(usersContract.logOut, ['accounts']),
      preHandler: session.requireClient,
      handler: async (request, reply) => {
        await logOutEverywhere(ctx, currentUser(request).id);
        session.clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    });
  };
}
