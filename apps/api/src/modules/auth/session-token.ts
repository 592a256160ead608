import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, SignJWT } from 'jose';

export const SESSION_COOKIE = 'auth_token';
export const SESSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60; // docs/product/account.md: the token cookie lasts 365 days

export type SessionClaims = { userId: string; tokenVersion: number };

/**
 * What a verified token says beyond the session: when it was issued and expires (seconds since the epoch), and
 * for a staff token (decision 027) `authTime`, the log-in it descends from through renewals.
 */
export type VerifiedClaims = SessionClaims & {
  issuedAt: number | null;
  expiresAt: number;
  authTime: number | null;
  /** Decision 047: 'geek' for a Geek's workspace token (its subject is the Geek's id); null for users' tokens. */
  kind: 'geek' | null;
};

/** A token other than a client's 365-day session: its own life, and for staff the log-in time it carries. */
export type SignOptions = { now: Date; expiresAt: Date; authTime?: Date; kind?: 'geek' };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function createSessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  const hmacKey = createSecretKey(key);
  return {
    /**
     * A short-lived value the browser keeps for the server (Sign in with Google's state cookie, decision 040):
     * encrypted and authenticated (A256GCM) under a key of its own purpose, derived from the secret, so it is
     * never a session token and the user reads nothing of it.
     */
    async seal(purpose: string, payload: Record<string, unknown>, maxAgeSeconds: number): Promise<string> {
      return new EncryptJWT(payload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${maxAgeSeconds}s`)
        .encrypt(purposeKey(hmacKey, purpose));
    },
    /** The payload of a sealed value of this purpose; null when it was altered, is another's or has expired. */
    async unseal(purpose: string, token: string): Promise<Record<string, unknown> | null> {
      try {
        const { payload } = await jwtDecrypt(token, purposeKey(hmacKey, purpose), {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        return payload;
      } catch {
        return null;
      }
    },
    /**
     * A secret the server can always compute again and need not store (decision 051's log-in key): an HMAC of
     * `message` under a key of this purpose only, derived from the secret.
     */
    derive(purpose: string, message: string): string {
      return createHmac('sha256', purposeKey(hmacKey, `derive:${purpose}`))
        .update(message)
        .digest('base64url');
    },
    async sign({ userId, tokenVersion }: SessionClaims, options?: SignOptions): Promise<string> {
      const payload = {
        tv: tokenVersion,
        ...(options?.authTime ? { at: seconds(options.authTime) } : {}),
        ...(options?.kind ? { k: options.kind } : {}),
      };
      const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setSubject(userId);
      if (!options) return jwt.setIssuedAt().setExpirationTime(`${SESSION_MAX_AGE_SECONDS}s`).sign(key);
      return jwt.setIssuedAt(seconds(options.now)).setExpirationTime(seconds(options.expiresAt)).sign(key);
    },
    /**
     * Every authenticated request verifies one, so with node:crypto's HMAC in this call (decision 016) rather
     * than jose's WebCrypto job (a round trip through the thread pool). The same checks: HS256 only, no
     * critical header extensions, the signature over the encoded header and payload, exp in the future, nbf
     * reached.
     */
    async verify(token: string): Promise<VerifiedClaims | null> {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      const expected = Buffer.from(
        createHmac('sha256', hmacKey).update(`${header}.${payload}`).digest('base64url'),
      );
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const head = parseJsonObject(header);
      if (head?.alg !== 'HS256' || 'crit' in head) return null;
      const claims = parseJsonObject(payload);
      if (!claims || typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return null;
      const now = Math.floor(Date.now() / 1000);
      if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
      if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
      return {
        userId: claims.sub,
        tokenVersion: claims.tv,
        issuedAt: typeof claims.iat === 'number' ? claims.iat : null,
        expiresAt: claims.exp,
        authTime: typeof claims.at === 'number' ? claims.at : null,
        kind: claims.k === 'geek' ? 'geek' : null,
      };
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;

const purposeKey = (key: ReturnType<typeof createSecretKey>, purpose: string) =>
  new Uint8Array(createHmac('sha256', key).update(`seal:${purpose}`).digest());

function parseJsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
