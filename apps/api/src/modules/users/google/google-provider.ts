import * as oidc from 'openid-client';
import type { Config } from '../../../config.ts';

// Decision 040: Google as an OpenID Connect provider, through openid-client (authorization code flow with PKCE,
// state and nonce). GOOGLE_ISSUER points the tests at a provider of their own on loopback.

type GoogleSettings = { clientId: string; clientSecret: string; issuer: string; redirectUri: string };

/** The settings, or null when Sign in with Google is off (no client id and secret). */
export function googleSettings(config: Config): GoogleSettings | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    issuer: config.GOOGLE_ISSUER,
    redirectUri: new URL('/api/v3/auth/google/callback', config.PUBLIC_URL).toString(),
  };
}

/** The provider did not answer, or answered something that is not OpenID Connect. */
class GoogleUnavailable extends Error {}

/** What the sign-in keeps between the redirect to the provider and its answer. */
export type Checks = { state: string; nonce: string; verifier: string };

export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean };

export function createGoogleProvider(settings: GoogleSettings) {
  let discovered: Promise<oidc.Configuration> | null = null;
  // Discovered once per process on first use (Google's keys rotate; openid-client refetches its key set itself).
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { redirect_uris: [settings.redirectUri] },
        oidc.ClientSecretPost(settings.clientSecret),
        {
          timeout: 10,
          // Production mode refuses an http issuer (production-mode.ts); a test's provider on loopback is http.
          ...(settings.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then((config) => {
        // The ID token's signature is checked against the provider's keys, not only its claims.
        oidc.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((err: unknown) => {
        discovered = null;
        throw new GoogleUnavailable(`OpenID discovery of ${settings.issuer} failed`, { cause: err });
      });
    return discovered;
  };

  return {
    /** Fresh checks and the provider's address to send the browser to. */
    async authorizationUrl(): Promise<{ url: URL; checks: Checks }> {
      const config = await configuration();
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },

    /**
     * Checks the provider's answer (state, issuer), exchanges the code with the PKCE verifier and verifies the ID
     * token (signature, issuer, audience, expiry, nonce). `callbackUrl` is the address the browser came back to.
     */
    async identify(callbackUrl: URL, checks: Checks): Promise<GoogleIdentity> {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        // Decision 040: only an e-mail the provider says it verified may find or make an account.
        emailVerified: claims.email_verified === true,
      };
    },
  };
}

export type GoogleProvider = ReturnType<typeof createGoogleProvider>;
