import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * docs/product/http-api.md "Bad input, for every call" and decision 002: only a request that could be a browser's cross-site
 * request is refused — a foreign `Origin`, or `Sec-Fetch-Site: cross-site`. A plain client (curl, a mobile
 * app) sends neither and is not cross-site; the cookie stays SameSite=Lax, so a top-level cross-site form
 * post from a browser that sends no Origin carries no cookie either. Bearer calls carry no ambient credential.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const origin = request.headers.origin;
    const sameSite = request.headers['sec-fetch-site'] === 'same-origin';
    // A form of this site posted under `Referrer-Policy: no-referrer` says `Origin: null`; the browser's
    // Sec-Fetch-Site still says where it came from (the Google sign-in form, decision 052).
    const foreignOrigin =
      origin !== undefined &&
      origin !== publicOrigin &&
      origin !== `${request.protocol}://${request.host}` &&
      !(origin === 'null' && sameSite);
    if (foreignOrigin || request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('CSRF', 'Cross-site request refused');
    }
  });
}
