import {
  workspaceGeekSchema,
  workspaceJwtResponseSchema,
  workspaceMePatchSchema,
  workspacePasswordChangeSchema,
  workspacePasswordRestoreSchema,
  workspaceSessionResponseSchema,
  workspaceSessionSchema,
  workspaceSetPasswordSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { changeGeekPassword, restoreGeekPassword, setGeekPassword } from './geek-passwords.ts';
import { updateWorkspaceMe } from './geek-profile.ts';
import { currentGeek, geekGuard, logInGeek, logOutGeek } from './geek-session.ts';
import { workspaceGeekView } from './geek-view.ts';

const noContent = z.null().describe('No content');
const byIpAndEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
};

/** The Geek's log-in, log-out, password and profile (decision 047). */
export function workspaceAuthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = geekGuard(ctx, { allowPasswordChange: true });

    r.post(
      '/workspace/session',
      {
        schema: {
          tags: ['workspace'],
          summary: "A Geek's log-in: e-mail and password (limited as the students' log-in); a Geek token",
          security: [],
          body: workspaceSessionSchema,
          response: { 200: workspaceSessionResponseSchema, ...errorResponses(400, 403, 422, 429) },
        },
      },
      async (request) => logInGeek(ctx, request.body, request.ip),
    );

    r.post(
      '/workspace/password-restore',
      {
        config: {
          rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byIpAndEmail, hook: 'preValidation' },
        },
        schema: {
          tags: ['workspace'],
          summary:
            'Mail a one-time link (1 hour) to set a new password; 204 whether or not the e-mail is a Geek’s',
          security: [],
          body: workspacePasswordRestoreSchema,
          response: { 204: noContent, ...errorResponses(422, 429) },
        },
      },
      async (request, reply) => {
        await restoreGeekPassword(ctx, request.body.email);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/workspace/set-password',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
        schema: {
          tags: ['workspace'],
          summary: "Spend an invitation's (72 h) or a restore's (1 h) link: set the password and sign in",
          security: [],
          body: workspaceSetPasswordSchema,
          response: { 200: workspaceSessionResponseSchema, ...errorResponses(422, 429) },
        },
      },
      async (request) => setGeekPassword(ctx, request.body),
    );

    r.post(
      '/workspace/logout',
      {
        preValidation: signedIn,
        schema: {
          tags: ['workspace'],
          summary: "Log out: the Geek's tokens are refused from then on and their event streams end",
          response: { 204: noContent, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        await logOutGeek(ctx, currentGeek(request).geek.id);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/workspace/me',
      {
        preValidation: signedIn,
        schema: {
          tags: ['workspace'],
          summary: 'The signed-in Geek: profile, Available / Away, rating and the students’ comments',
          response: { 200: workspaceGeekSchema, ...errorResponses(401) },
        },
      },
      async (request) => workspaceGeekView(ctx.database.db, currentGeek(request)),
    );

    r.patch(
      '/workspace/me',
      {
        preValidation: geekGuard(ctx),
        schema: {
          tags: ['workspace'],
          summary: 'Change Available / Away, major or subjects (courses from the list)',
          body: workspaceMePatchSchema,
          response: { 200: workspaceGeekSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => updateWorkspaceMe(ctx, currentGeek(request), request.body),
    );

    r.post(
      '/workspace/me/password',
      {
        preValidation: signedIn,
        schema: {
          tags: ['workspace'],
          summary: 'A new password (8+); answers a token for this browser, every other session ends',
          body: workspacePasswordChangeSchema,
          response: { 200: workspaceJwtResponseSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => changeGeekPassword(ctx, currentGeek(request), request.body),
    );
  };
}
