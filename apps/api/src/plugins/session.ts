import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { AppError, unauthenticated } from '../lib/app-error.ts';
import {
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  type SessionClaims,
  type VerifiedClaims,
} from '../modules/auth/session-token.ts';
import { isLiveStaffToken, STAFF_TOKEN_HEADER, staffRenewal } from '../modules/auth/staff-session.ts';
import { findSessionUser, type UserRow } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /**
     * Set by requireClientToken: a signed session the route's own statement still checks (decision 025); and by
     * requireStaff: the staff token's claims (its version and expiry end the staff's event streams, decision 027).
     */
    claims: VerifiedClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * A staff route whose statement checks the staff session itself (the queue, decision 025's pattern): requireStaff
     * checks only the token, and the route answers `session.refuseStaff` when its statement says the session is gone.
     */
    staffSessionInStatement?: boolean;
  }
}

/**
 * A readable companion of the HttpOnly session cookie that says only "a session may exist", so the web app
 * does not ask GET /users/client/me for a visitor (a 401 the browser would log as an error on every page).
 */
const SESSION_HINT_COOKIE = 'geekly_session';

function bearerOrCookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies[SESSION_COOKIE];
}

/** A user's (student's or staff's) signed token; a Geek's workspace token is another kind and refused here. */
async function signedClaims(ctx: AppContext, request: FastifyRequest): Promise<VerifiedClaims> {
  const token = bearerOrCookieToken(request);
  if (!token) throw unauthenticated();
  const claims = await ctx.tokens.verify(token);
  if (!claims || claims.kind !== null) throw unauthenticated();
  return claims;
}

/** Resolves the caller from the token; a token whose version is stale (logged out) is rejected. */
async function authenticate(ctx: AppContext, request: FastifyRequest) {
  const claims = await signedClaims(ctx, request);
  const user = await findSessionUser(ctx.database.db, claims.userId);
  if (!user || user.tokenVersion !== claims.tokenVersion) throw unauthenticated();
  return { user, claims };
}

/** The staff account behind a staff token, or the error requireStaff answers (401, or 403 for another role). */
async function staffUser(ctx: AppContext, claims: VerifiedClaims, now: Date) {
  const user = await findSessionUser(ctx.database.db, claims.userId);
  if (!user || user.tokenVersion !== claims.tokenVersion) throw unauthenticated();
  if (user.role !== 'staff') throw new AppError('FORBIDDEN', 'Staff only');
  if (!isLiveStaffToken(claims, now) || user.staffDisabledAt) throw unauthenticated();
  return user;
}

export function registerSession(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('claims', null);
  // Decision 047: set by the workspace's guard (modules/workspace/geek-session.ts) for a Geek's token.
  app.decorateRequest('geek', null);
  const secure = ctx.config.PUBLIC_URL.startsWith('https://');
  const hintOptions = { httpOnly: false, sameSite: 'lax', secure, path: '/' } as const;
  // Sessions from before the hint existed get it on their next request (a page load is one).
  app.addHook('onSend', async (request, reply) => {
    // A session cookie the server refused (401) is dropped with its hint, so a public page's inline loader, which
    // sends a hinted visitor to /orders before it paints (issue 34), cannot send them round again (nor the next
    // request give the hint back to the dead cookie).
    if (reply.statusCode === 401 && !request.headers.authorization && request.cookies[SESSION_COOKIE]) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
      return;
    }
    if (!request.cookies[SESSION_COOKIE] || request.cookies[SESSION_HINT_COOKIE]) return;
    if (String(reply.getHeader('set-cookie') ?? '').includes(`${SESSION_COOKIE}=`)) return;
    reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge: SESSION_MAX_AGE_SECONDS });
  });
  return {
    /** preHandler for the client area: staff tokens are never accepted here. */
    async requireClient(request: FastifyRequest) {
      const { user, claims } = await authenticate(ctx, request);
      if (user.role !== 'client') throw unauthenticated();
      request.user = user;
      // When the session was opened: a fresh log-in may be asked for (decision 051).
      request.claims = claims;
    },
    /**
     * preHandler for the client's hot reads (the task list, one task), whose single statement checks the session
     * itself (clientSessionIsValid: the user, the token version, the client role), saving a round trip: only the
     * token's signature and expiry are checked here. Such a read answers 401 when its statement says so.
     */
    async requireClientToken(request: FastifyRequest) {
      request.claims = await signedClaims(ctx, request);
    },
    /**
     * preValidation for the operator API: only staff accounts; a client's token is refused. A staff token must be
     * a short one still alive and its account enabled (decision 027); one older than a few minutes is answered a
     * renewed token in `x-staff-token`.
     */
    async requireStaff(request: FastifyRequest, reply: FastifyReply) {
      const claims = await signedClaims(ctx, request);
      const now = ctx.now();
      // A route that checks the session in its own statement needs only a live staff token here; any other token
      // is told its error (401 or 403) below.
      const inStatement =
        request.routeOptions.config.staffSessionInStatement === true && isLiveStaffToken(claims, now);
      if (!inStatement) request.user = await staffUser(ctx, claims, now);
      request.claims = claims;
      const renewal = staffRenewal(claims, now);
      if (renewal) reply.header(STAFF_TOKEN_HEADER, await ctx.tokens.sign(claims, renewal));
    },
    /**
     * The answer of a `staffSessionInStatement` route whose statement found the staff session no longer valid: the
     * error requireStaff would have given (no renewed token with it).
     */
    async refuseStaff(request: FastifyRequest, reply: FastifyReply): Promise<never> {
      reply.removeHeader(STAFF_TOKEN_HEADER);
      await staffUser(ctx, await signedClaims(ctx, request), ctx.now());
      throw unauthenticated();
    },
    /** The signed-in client of a call that needs no session, or null (no token, a revoked one, or not a client). */
    async optionalClient(request: FastifyRequest): Promise<UserRow | null> {
      try {
        const { user } = await authenticate(ctx, request);
        return user.role === 'client' ? user : null;
      } catch {
        return null;
      }
    },
    setSessionCookie(reply: FastifyReply, jwt: string) {
      reply.setCookie(SESSION_COOKIE, jwt, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: SESSION_MAX_AGE_SECONDS,
      });
      reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge: SESSION_MAX_AGE_SECONDS });
    },
    clearSessionCookie(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
    },
  };
}

export type Session = ReturnType<typeof registerSession>;

/** The signed session of a read that checks it in its own statement (after requireClientToken). */
export function sessionClaims(request: FastifyRequest): SessionClaims {
  if (!request.claims) throw unauthenticated();
  return request.claims;
}

/** The authenticated user; only valid after requireClient or requireStaff ran as a preHandler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
