import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'auth_token';
export const SESSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60; // seed 000 §9: the token cookie lasts 365 days

export type SessionClaims = { userId: string; tokenVersion: number };

export function createSessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, tokenVersion }: SessionClaims): Promise<string> {
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${SESSION_MAX_AGE_SECONDS}s`)
        .sign(key);
    },
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { userId: payload.sub, tokenVersion: payload.tv };
      } catch {
        return null;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
