import { workspaceContract as c } from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { geekAccountView } from './geek-account-view.ts';
import { changeGeekPassword, restoreGeekPassword, setGeekPassword } from './geek-passwords.ts';
import { updateWorkspaceMe } from './geek-profile.ts';
import { currentGeek, geekGuard, logInGeek, logOutGeek } from './geek-session.ts';

const byIpAndEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
};

/** A call open to anyone (no token): the OpenAPI document says it needs no security. */
const open = <R extends { schema: object }>(route: R) => ({
  ...route,
  schema: { ...route.schema, security: [] },
});

/** The Geek's log-in, log-out, password and profile (decision 047). */
export function workspaceAuthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = geekGuard(ctx, { allowPasswordChange: true });

    r.route({
      ...open(contractRoute(c.logIn, ['workspace'])),
      handler: async (request) => logInGeek(ctx, request.body, request.ip),
    });

    r.route({
      ...open(contractRoute(c.restorePassword, ['workspace'])),
      config: {
        rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byIpAndEmail, hook: 'preValidation' },
      },
      handler: async (request, reply) => {
        await restoreGeekPassword(ctx, request.body.email);
        return reply.status(204).send(null);
      },
    });

    r.route({
      ...open(contractRoute(c.setPassword, ['workspace'])),
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      handler: async (request) => setGeekPassword(ctx, request.body),
    });

    r.route({
      ...contractRoute(c.logOut, ['workspace']),
      preValidation: signedIn,
      handler: async (request, reply) => {
        await logOutGeek(ctx, currentGeek(request).geek.id);
        return reply.status(204).send(null);
      },
    });

    r.route({
      ...contractRoute(c.me, ['workspace']),
      preValidation: signedIn,
      handler: async (request) => geekAccountView(ctx.database.db, currentGeek(request)),
    });

    r.route({
      ...contractRoute(c.editMe, ['workspace']),
      preValidation: geekGuard(ctx),
      handler: async (request) => updateWorkspaceMe(ctx, currentGeek(request), request.body),
    });

    r.route({
      ...contractRoute(c.changePassword, ['workspace']),
      preValidation: signedIn,
      handler: async (request) => changeGeekPassword(ctx, currentGeek(request), request.body),
    });
  };
}
