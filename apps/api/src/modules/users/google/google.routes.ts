import { timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import { authContract } from '@geekly/domain/users/auth-contract.ts';
import type { GoogleStart } from '@geekly/domain/users/google-sign-in.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { clientCountry } from '../../../plugins/client-country.ts';
import { contractRoute } from '../../../plugins/contract-route.ts';
import type { Session } from '../../../plugins/session.ts';
import { createGoogleProvider, googleSettings } from './google-provider.ts';
import { finishGoogleSignIn } from './google-sign-in.ts';
import {
  openState,
  STATE_COOKIE,
  STATE_COOKIE_PATH,
  STATE_MAX_AGE_SECONDS,
  sealState,
} from './google-state.ts';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Decision 040: Sign in with Google. Off (404, and no button in the dialogs) unless GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET are set.
 */
export function googleRoutes(ctx: AppContext, session: Session) {
  const settings = googleSettings(ctx.config);
  const provider = settings ? createGoogleProvider(settings) : null;
  const cookieOptions = {
    httpOnly: true,
    // Lax: the provider's answer is a top-level navigation from another site, which Lax cookies go along with.
    sameSite: 'lax',
    secure: ctx.config.PUBLIC_URL.startsWith('https://'),
    path: STATE_COOKIE_PATH,
  } as const;

  const siteOrigin = new URL(ctx.config.PUBLIC_URL).origin;
  /**
   * A browser says where a form came from: Sec-Fetch-Site, or else its Origin (`null` under the site's
   * no-referrer policy, so Sec-Fetch-Site first). A form of this site says so; a plain client says nothing.
   */
  const postedByThisSite = (request: FastifyRequest) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined) return site === 'same-origin';
    const origin = request.headers.origin;
    return origin === siteOrigin || origin === `${request.protocol}://${request.host}`;
  };

  /** A route a visitor calls without a session (the OpenAPI document lists no security for it). */
  const withoutSession = <R extends { schema: object }>(route: R) => ({
    ...route,
    schema: { ...route.schema, security: [] },
  });

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...withoutSession(contractRoute(authContract.providers, ['accounts'])),
      handler: async () => ({ google: provider !== null }),
    });

    async function startSignIn(
      request: FastifyRequest,
      reply: FastifyReply,
      start: GoogleStart,
      // A link's GET is answered 302 (as before); a form's POST 303, so the browser goes on with a GET.
      status: 302 | 303,
    ) {
      if (!provider) throw notFound();
      reply.header('cache-control', 'no-store');
      let authorization: Awaited<ReturnType<typeof provider.authorizationUrl>>;
      try {
        authorization = await provider.authorizationUrl();
      } catch (err) {
        request.log.error({ err }, 'Google sign-in could not start');
        return reply.redirect(`/${start.mode}?google_error=failed`, status);
      }
      const sealed = await sealState(ctx.tokens, { checks: authorization.checks, start });
      reply.setCookie(STATE_COOKIE, sealed, { ...cookieOptions, maxAge: STATE_MAX_AGE_SECONDS });
      return reply.redirect(authorization.url.href, status);
    }

    r.route({
      ...withoutSession(contractRoute(authContract.googleStartLink, ['accounts'])),
      handler: async (request, reply) => startSignIn(request, reply, request.query, 302),
    });

    // Decision 052: the dialog's form, the only way a pending task rides along. Only a page of this site may post
    // it (Origin or Sec-Fetch-Site), so another site's auto-submitted form cannot create a task in the visitor's
    // account.
    await app.register(formbody, { bodyLimit: 8 * 1024 });
    r.route({
      ...withoutSession(contractRoute(authContract.googleStartForm, ['accounts'])),
      handler: async (request, reply) => {
        if (!provider) throw notFound();
        if (!postedByThisSite(request)) throw new AppError('CSRF', 'Cross-site request refused');
        return startSignIn(request, reply, request.body, 303);
      },
    });

    r.route({
      ...withoutSession(contractRoute(authContract.googleCallback, ['accounts'])),
      handler: async (request, reply) => {
        if (!provider || !settings) throw notFound();
        reply.header('cache-control', 'no-store');
        const state = await openState(ctx.tokens, request.cookies[STATE_COOKIE]);
        const given = request.query.state;
        // Refused without a word to the provider and without touching the cookie: this browser's own sign-in,
        // if one is under way, can still finish. The person lands on the log-in dialog, which says why.
        if (!state || typeof given !== 'string' || !sameText(given, state.checks.state))
          return reply.redirect('/login?google_error=expired', 302);
        // One answer per sign-in: the code is spent either way.
        reply.clearCookie(STATE_COOKIE, cookieOptions);
        const callbackUrl = new URL(settings.redirectUri);
        callbackUrl.search = new URL(request.url, 'http://callback').search;
        const outcome = await finishGoogleSignIn(ctx, provider, callbackUrl, state, {
          ip: request.ip,
          country: clientCountry(ctx, request),
          deviceId: request.deviceId,
        });
        if (!outcome.ok) {
          if (outcome.error === 'failed') request.log.warn({ err: outcome.cause }, 'Google sign-in failed');
          return reply.redirect(`/${state.start.mode}?google_error=${outcome.error}`, 302);
        }
        session.setSessionCookie(reply, outcome.jwt);
        return reply.redirect(outcome.redirectPath, 302);
      },
    });
  };
}
