/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// Decision 040: a real OpenID Connect provider on loopback (oidc-provider) standing in for Google in the API
// tests and the browser story. Its sign-in page is a form — e-mail, whether it is verified, an optional subject —
// that a test posts (signIn below) or a browser story fills; the account is whatever the form says, as a Google
// account is whatever Google says. Like Google, the ID token carries email and email_verified.

export type TestAccount = { email: string; emailVerified: boolean; sub?: string };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Follows an authorization address through the sign-in page as `account`; the address it sends back. */
  signIn(authorizationUrl: string, account: TestAccount): Promise<URL>;
  /** The same, answering the sign-in page with Cancel: the provider sends back an access_denied error. */
  cancel(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
};

export const TEST_CLIENT = { id: 'geekly-test', secret: 'geekly-test-secret-0123456789abcdef' } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const readForm = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
};

/** The subject of an e-mail when the form gives none: stable, so the same e-mail is the same account. */
export const subjectOf = (email: string) => `sub-${email.trim().toLowerCase()}`;

export async function startTestProvider(options: {
  redirectUris: string[];
  port?: number;
  client?: { id: string; secret: string };
}): Promise<TestProvider> {
  const client = options.client ?? TEST_CLIENT;
  const accounts = new Map<string, { email: string; email_verified: boolean }>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  // The provider's own signing key, as Google has its own (openid-client checks the ID token's signature).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Google puts the scope's claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['geekly-test-provider-cookie-key'] },
    pkce: { required: () => true },
    // A first-party client: the consent step is granted at once, as Google does after the first time.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();

  server.on('request', async (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (!/^\/interaction\/[^/]+$/.test(path)) return handle(req, res);
    try {
      const interaction = await provider.interactionDetails(req, res);
      if (req.method === 'POST') {
        const form = await readForm(req);
        if (form.get('action') === 'cancel') {
          return await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'The user cancelled' },
            { mergeWithLastSubmission: false },
          );
        }
        const email = (form.get('email') ?? '').trim();
        const sub = (form.get('sub') ?? '').trim() || subjectOf(email);
        accounts.set(sub, { email, email_verified: form.get('email_verified') === 'yes' });
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: sub } },
          { mergeWithLastSubmission: false },
        );
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(signInPage(interaction.uid));
    } catch (err) {
      res.statusCode = 400;
      res.end(String(err));
    }
  });

  const follow = (authorizationUrl: string, form: URLSearchParams) =>
    throughSignInPage(authorizationUrl, form, options.redirectUris);

  return {
    issuer,
    clientId: client.id,
    clientSecret: client.secret,
    signIn: (url, account) =>
      follow(
        url,
        new URLSearchParams({
          email: account.email,
          sub: account.sub ?? '',
          ...(account.emailVerified ? { email_verified: 'yes' } : {}),
        }),
      ),
    cancel: (url) => follow(url, new URLSearchParams({ action: 'cancel' })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function signInPage(uid: string) {
  const action = `/interaction/${escapeHtml(uid)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test identity provider</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<main><h1>Test identity provider</h1><p>Sign in as any Google account, for tests.</p>
<form method="post" action="${action}">
<p><label>E-mail <input name="email" type="email" required autocomplete="email"></label></p>
<p><label><input name="email_verified" type="checkbox" value="yes" checked> E-mail verified</label></p>
<p><label>Subject (optional) <input name="sub"></label></p>
<p><button type="submit">Continue</button></p>
</form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel">
<button type="submit">Cancel</button></form></main></body></html>`;
}

/**
 * A browser's walk through the provider with fetch: redirects followed by hand with the provider's cookies, the
 * sign-in page's form posted, until the provider sends the browser to one of the client's redirect URIs.
 */
async function throughSignInPage(start: string, form: URLSearchParams, redirectUris: string[]): Promise<URL> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = new URL(start);
  let posted = false;
  for (let hop = 0; hop < 12; hop++) {
    if (redirectUris.some((r) => url.href.startsWith(r))) return url;
    // The sign-in page is answered once, as a person would submit it.
    const page = /^\/interaction\/[^/]+$/.test(url.pathname) && !posted;
    const headers = { cookie: cookieHeader() };
    const res = await fetch(
      url,
      page ? { redirect: 'manual', method: 'POST', body: form, headers } : { redirect: 'manual', headers },
    );
    if (page) posted = true;
    remember(res);
    const location = res.headers.get('location');
    if (!location)
      throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects through the provider');
}
