import { phoneCodeCheckSchema } from '@geekly/domain/users/phone-verification.ts';
import {
  logInSchema,
  passwordChangeSchema,
  profilePatchSchema,
  restoreSchema,
  signUpSchema,
} from '@geekly/domain/users/user-schemas.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { clientCountry } from '../../plugins/client-country.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { changePassword, confirmPasswordSet } from './change-password.ts';
import { logIn, logOutEverywhere } from './log-in.ts';
import { confirmNotificationEmail, undoNotificationEmailChange } from './notification-email.ts';
import { checkPhoneCode, sendPhoneCode } from './phone-verification.ts';
import { restorePassword } from './restore-password.ts';
import { signUp } from './sign-up.ts';
import { updateMe } from './update-me.ts';
import { loadUserView, userResponseSchema } from './user-view.ts';

const sessionResponse = z.object({ jwt: z.string(), user: userResponseSchema });
const logInResponse = sessionResponse.extend({
  redirect_path: z.string().optional().describe('Where a one-time log-in link leads (factor token)'),
});

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

    r.post(
      '/users/client/new',
      {
        config: { rateLimit: { max: ctx.config.SIGNUP_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
        schema: {
          tags: ['accounts'],
          summary: 'Sign up as a client',
          body: signUpSchema,
          response: { 201: sessionResponse, ...errorResponses(403, 409, 422, 429) },
        },
      },
      async (request, reply) => {
        const result = await signUp(ctx, request.body, {
          ip: request.ip,
          country: clientCountry(ctx, request),
          deviceId: request.deviceId,
        });
        session.setSessionCookie(reply, result.jwt);
        return reply.status(201).send(result);
      },
    );

    r.post(
      '/factor_auth',
      {
        // Limited in the use case, which knows a failed attempt from a good one (decision 028).
        schema: {
          tags: ['accounts'],
          summary: 'Log in by a factor (e-mail and password, secret key, one-time e-mailed token)',
          body: logInSchema,
          response: { 200: logInResponse, ...errorResponses(400, 403, 404, 422, 429) },
        },
      },
      async (request, reply) => {
        const result = await logIn(ctx, request.body, {
          ip: request.ip,
          country: clientCountry(ctx, request),
          deviceId: request.deviceId,
        });
        session.setSessionCookie(reply, result.jwt);
        return result;
      },
    );

    r.post(
      '/users/client/restore',
      {
        config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byIpAndEmail, hook: BODY_READ } },
        schema: {
          tags: ['accounts'],
          summary: 'Mail a new password',
          body: restoreSchema,
          response: { 200: z.object({ detail: z.string() }), ...errorResponses(404, 422, 429) },
        },
      },
      async (request) => {
        await restorePassword(ctx, request.body);
        return { detail: 'New Password was sent. Please check your email' };
      },
    );

    r.get(
      '/users/client/me',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in client',
          response: { 200: userResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return loadUserView(ctx.database.db, user);
      },
    );

    r.patch(
      '/users/client/me',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary: 'Change phone, country, notification e-mail',
          body: profilePatchSchema,
          response: { 200: userResponseSchema, ...errorResponses(401, 409, 422) },
        },
      },
      async (request) =>
        updateMe(ctx, currentUser(request), request.body, { issuedAt: request.claims?.issuedAt ?? null }),
    );

    r.post(
      '/users/client/notification-email/confirm',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Confirm a new notification e-mail by the token mailed to it (no session needed)',
          body: z.object({ token: z.string().trim().min(1).max(200) }),
          response: {
            200: z.object({ notification_email: z.string() }),
            ...errorResponses(404, 422),
          },
        },
      },
      async (request) => confirmNotificationEmail(ctx, request.body.token),
    );

    r.post(
      '/users/client/notification-email/undo',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Undo a notification e-mail change by the token mailed to the account e-mail: mail goes to the account e-mail again and every session ends (no session needed)',
          body: z.object({ token: z.string().trim().min(1).max(200) }),
          response: {
            200: z.object({ notification_email: z.string() }),
            ...errorResponses(404, 422),
          },
        },
      },
      async (request) => undoNotificationEmailChange(ctx, request.body.token),
    );

    r.post(
      '/users/client/me/phone-verification',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary: 'Send an SMS code to confirm the phone (decision 018)',
          response: {
            200: z.object({ sent: z.boolean(), phone_verified: z.boolean() }),
            ...errorResponses(401, 422, 429),
          },
        },
      },
      async (request) => sendPhoneCode(ctx, currentUser(request), { ip: request.ip }),
    );

    r.post(
      '/users/client/me/phone-verification/check',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary: 'Check the SMS code; at most 5 tries per code',
          body: phoneCodeCheckSchema,
          response: { 200: z.object({ phone_verified: z.boolean() }), ...errorResponses(401, 422) },
        },
      },
      async (request) => checkPhoneCode(ctx, currentUser(request), request.body.code),
    );

    r.post(
      '/users/client/me/password',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary:
            'Change the password: a fresh token for this browser, every other session and stream ends (an account without a password confirms by a mailed link)',
          body: passwordChangeSchema,
          response: {
            200: z.object({ jwt: z.string() }),
            202: z.object({ detail: z.string(), confirmation_sent: z.literal(true) }),
            ...errorResponses(401, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const result = await changePassword(ctx, currentUser(request), request.body);
        if (result.kind === 'confirmation_sent') {
          return reply.status(202).send({ detail: result.detail, confirmation_sent: true as const });
        }
        session.setSessionCookie(reply, result.jwt);
        return reply.status(200).send({ jwt: result.jwt });
      },
    );

    r.post(
      '/users/client/me/password/confirm',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Take into use the password chosen by an account without one, by the token mailed to it',
          body: z.object({ token: z.string().trim().min(1).max(200) }),
          response: {
            200: z.object({
              jwt: z.string().nullable().describe('when this browser is signed in to the account'),
            }),
            ...errorResponses(404, 422),
          },
        },
      },
      async (request, reply) => {
        const caller = await session.optionalClient(request);
        const result = await confirmPasswordSet(ctx, request.body.token, caller?.id ?? null);
        if (result.jwt) session.setSessionCookie(reply, result.jwt);
        return result;
      },
    );

    r.post(
      '/logout',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['accounts'],
          summary: 'Log out and revoke the token',
          response: { 204: z.null().describe('No content'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        await logOutEverywhere(ctx, currentUser(request).id);
        session.clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );
  };
}
