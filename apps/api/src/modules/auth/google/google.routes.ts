import { timingSafeEqual } from 'node:crypto';
import { googleStartSchema } from '@geekly/domain/users/google-sign-in.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../app-context.ts';
import { notFound } from '../../../lib/app-error.ts';
import { clientCountry } from '../../../plugins/client-country.ts';
import { errorResponses } from '../../../plugins/openapi.ts';
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

// The provider's answer: Google adds scope, authuser, prompt, hd, iss… besides code and state (or error).
const callbackQuery = z.looseObject({ state: z.string().max(1000).optional() });

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

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/auth/providers',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Which ways to sign in besides e-mail and password are on (the dialogs show their buttons)',
          security: [],
          response: { 200: z.object({ google: z.boolean() }) },
        },
      },
      async () => ({ google: provider !== null }),
    );

    r.get(
      '/auth/google/start',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Sign in with Google: redirects to Google, carrying the pending task and the page to return to',
          security: [],
          querystring: googleStartSchema,
          response: { 302: z.null(), ...errorResponses(404, 422) },
        },
      },
      async (request, reply) => {
        if (!provider) throw notFound();
        reply.header('cache-control', 'no-store');
        let authorization: Awaited<ReturnType<typeof provider.authorizationUrl>>;
        try {
          authorization = await provider.authorizationUrl();
        } catch (err) {
          request.log.error({ err }, 'Google sign-in could not start');
          return reply.redirect(`/${request.query.mode}?google_error=failed`, 302);
        }
        const sealed = await sealState(ctx.tokens, { checks: authorization.checks, start: request.query });
        reply.setCookie(STATE_COOKIE, sealed, { ...cookieOptions, maxAge: STATE_MAX_AGE_SECONDS });
        return reply.redirect(authorization.url.href, 302);
      },
    );

    r.get(
      '/auth/google/callback',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Where Google sends the browser back: logs in or signs up, then redirects into the app; an answer whose state does not match this browser’s sign-in (expired, or started elsewhere) leads to /login?google_error=expired with no session',
          security: [],
          querystring: callbackQuery,
          response: { 302: z.null(), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
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
    );
  };
}
