import { WORKSPACE_MESSAGES } from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { geekLogInLimits, limitFailures } from '../auth/attempt-limits.ts';
import { verifyPassword } from '../auth/password.ts';
import { markGeekSeen } from '../geeks/index.ts';
import { geekAccountView } from './geek-account-view.ts';
import {
  findGeekLogin,
  findGeekLoginByEmail,
  revokeGeekSessions,
  type SignedInGeek,
} from './geek-logins.repository.ts';

/** Decision 047: a Geek's token lives 30 days; log-out, a password change or disabling revokes it at once. */
const GEEK_TOKEN_TTL_MS = 30 * 86_400_000;
/** The workspace's calls count as the Geek being active ('Online' on the students' cards) at most this often. */
const SEEN_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireGeek: the Geek whose workspace token made the call. */
    geek: SignedInGeek | null;
  }
}

const badLogin = () => new AppError('WRONG_PASSWORD', WORKSPACE_MESSAGES.badLogin);
const isBadLogin = (err: unknown) => err instanceof AppError && err.code === 'WRONG_PASSWORD';

export async function signGeekToken(ctx: AppContext, geekId: string, tokenVersion: number) {
  const now = ctx.now();
  return ctx.tokens.sign(
    { userId: geekId, tokenVersion },
    { now, expiresAt: new Date(now.getTime() + GEEK_TOKEN_TTL_MS), kind: 'geek' },
  );
}

/** POST /workspace/session: e-mail and password, limited as the students' log-in is (decision 028). */
export async function logInGeek(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  const db = ctx.database.db;
  const found = await limitFailures(db, geekLogInLimits(ip, input.email), isBadLogin, async () => {
    const row = await findGeekLoginByEmail(db, input.email);
    if (!(await verifyPassword(row?.login.passwordHash ?? null, input.password)) || !row) throw badLogin();
    return row;
  });
  if (found.geek.isDisabled) throw new AppError('FORBIDDEN', WORKSPACE_MESSAGES.disabled);
  await markGeekSeen(db, found.geek.id, ctx.now());
  return {
    jwt: await signGeekToken(ctx, found.geek.id, found.login.tokenVersion),
    geek: await geekAccountView(db, found),
  };
}

/** POST /workspace/logout: the token (and every other of this Geek's) is refused from then on. */
export async function logOutGeek(ctx: AppContext, geekId: string) {
  await revokeGeekSessions(ctx.database.db, geekId);
}

/**
 * The workspace's guard (preValidation): only a Geek's token, of the current version, of an enabled profile;
 * students' and staff's tokens are 401 here. A Geek who must change the application password gets 403 on
 * every call but those marked `allowPasswordChange`.
 */
export function geekGuard(ctx: AppContext, opts: { allowPasswordChange?: boolean } = {}) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthenticated();
    const claims = await ctx.tokens.verify(token);
    if (claims?.kind !== 'geek') throw unauthenticated();
    const db = ctx.database.db;
    const found = await findGeekLogin(db, claims.userId);
    if (!found || found.login.tokenVersion !== claims.tokenVersion || found.geek.isDisabled)
      throw unauthenticated();
    if (found.login.mustChangePassword && !opts.allowPasswordChange)
      throw new AppError('FORBIDDEN', WORKSPACE_MESSAGES.mustChangePassword, {
        errorType: 'must_change_password',
      });
    const now = ctx.now();
    if (now.getTime() - (found.geek.lastSeenAt?.getTime() ?? 0) > SEEN_EVERY_MS)
      await markGeekSeen(db, found.geek.id, now);
    request.geek = found;
  };
}

export function currentGeek(request: FastifyRequest): SignedInGeek {
  if (!request.geek) throw unauthenticated();
  return request.geek;
}
