import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// DESIGN.md "Security": a mutating cookie-authenticated request must carry a same-origin Origin or
// the X-Requested-With header (which a cross-site form cannot set). Bearer calls carry no ambient
// credential and pass.
export function registerCsrfGuard(app: FastifyInstance, config: Config) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    // Staff log-in answers a bearer token and sets no cookie: a forged request would gain nothing.
    if (request.url === '/api/v3/ops/session') return;
    // Gateway webhooks carry no cookie and are verified by their signature instead.
    if (request.url.startsWith('/api/v3/payments/webhooks/')) return;
    if (request.headers['x-requested-with']) return;
    const origin = request.headers.origin;
    if (origin && (origin === publicOrigin || origin === `${request.protocol}://${request.host}`)) return;
    throw new AppError('CSRF', 'Cross-site request refused');
  });
}
