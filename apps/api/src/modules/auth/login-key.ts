import { timingSafeEqual } from 'node:crypto';
import type { SessionTokens } from './session-token.ts';

/**
 * Decision 051: the secret per-user key of `/factor_auth` with `factor: key` (docs/product/http-api.md) is derived, never stored: the
 * user's id (32 hex digits, so the key names its account) and an HMAC of the id and the current token version
 * under a key of its own purpose. A database or backup reader finds nothing usable, and every change of the
 * token version (log-out everywhere, a restored or changed password: `resetAccountAccess`) changes the key, so a
 * key read from an old mail stops working.
 */
const PURPOSE = 'login-key';
const ID_DIGITS = 32;

export function loginKeyOf(tokens: SessionTokens, user: { id: string; tokenVersion: number }): string {
  const id = user.id.replaceAll('-', '');
  return `${id}${tokens.derive(PURPOSE, `${id}.${user.tokenVersion}`)}`;
}

/** The account id a key names, when it has the form of one; the caller checks it with `isLoginKeyOf`. */
export function accountOfLoginKey(key: string): string | null {
  const id = key.slice(0, ID_DIGITS);
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

export function isLoginKeyOf(
  tokens: SessionTokens,
  key: string,
  user: { id: string; tokenVersion: number },
): boolean {
  const expected = Buffer.from(loginKeyOf(tokens, user));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
