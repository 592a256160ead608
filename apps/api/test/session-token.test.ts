import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionTokens } from '../src/modules/auth/session-token.ts';

const secret = 'a'.repeat(64);
const tokens = createSessionTokens(secret);
const key = new TextEncoder().encode(secret);
const claims = { userId: '0b7c4f0e-8d0a-4f43-9a55-1e2f6a3b9c10', tokenVersion: 3 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed by hand with the right secret, so only the checked property is wrong. */
const handMade = (header: unknown, payload: unknown) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
};
const now = () => Math.floor(Date.now() / 1000);
const good = () => ({ sub: claims.userId, tv: 3, iat: now(), exp: now() + 60 });

describe('session tokens (decision 016: verified with node:crypto)', () => {
  it('accepts what it signs, and a hand-made token with the same claims', async () => {
    expect(await tokens.verify(await tokens.sign(claims))).toMatchObject(claims);
    expect(await tokens.verify(handMade({ alg: 'HS256' }, good()))).toMatchObject(claims);
  });

  it('refuses a token signed with another secret, a changed payload or signature, and junk', async () => {
    const other = await createSessionTokens('b'.repeat(64)).sign(claims);
    expect(await tokens.verify(other)).toBeNull();
    const [h, , s] = (await tokens.sign(claims)).split('.');
    expect(await tokens.verify(`${h}.${b64({ ...good(), tv: 4 })}.${s}`)).toBeNull();
    const token = await tokens.sign(claims);
    expect(await tokens.verify(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', 'a.b.c.d', `${token}.`, '...']) {
      expect(await tokens.verify(junk)).toBeNull();
    }
  });

  it('refuses another algorithm, critical header extensions, and claims of the wrong kind', async () => {
    expect(await tokens.verify(handMade({ alg: 'none' }, good()))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS512' }, good()))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256', crit: ['x'], x: 1 }, good()))).toBeNull();
    expect(await tokens.verify(`${b64({ alg: 'none' })}.${b64(good())}.`)).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, { ...good(), tv: '3' }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, { ...good(), sub: 7 }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, [good()]))).toBeNull();
  });

  it('refuses an expired token, one without an expiry, and one not valid yet', async () => {
    const expired = await new SignJWT({ tv: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setExpirationTime(now() - 1)
      .sign(key);
    expect(await tokens.verify(expired)).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, { ...good(), exp: now() }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, { ...good(), exp: undefined }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, { ...good(), nbf: now() + 60 }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, { ...good(), nbf: now() - 60 }))).toMatchObject(
      claims,
    );
  });

  it('signs a staff token with its own life and log-in time (decision 027)', async () => {
    const at = new Date(Date.now() - 3_600_000);
    const expiresAt = new Date(Date.now() + 7_200_000);
    const staff = await tokens.sign(claims, { now: new Date(), expiresAt, authTime: at });
    expect(await tokens.verify(staff)).toEqual({
      ...claims,
      issuedAt: now(),
      expiresAt: Math.floor(expiresAt.getTime() / 1000),
      authTime: Math.floor(at.getTime() / 1000),
      kind: null,
    });
    // Decision 047: a Geek's workspace token says so; no other token does.
    const geek = await tokens.sign(claims, { now: new Date(), expiresAt, kind: 'geek' });
    expect((await tokens.verify(geek))?.kind).toBe('geek');
    expect((await tokens.verify(staff))?.kind).toBeNull();
    // A client's token carries no log-in time, and a forged one of the wrong kind is not read as one.
    expect((await tokens.verify(await tokens.sign(claims)))?.authTime).toBeNull();
    expect((await tokens.verify(handMade({ alg: 'HS256' }, { ...good(), at: '1' })))?.authTime).toBeNull();
  });
});
