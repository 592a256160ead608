import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';

/** Behind a trusted proxy the country comes from its header; otherwise from the offline IP database. */
export function clientCountry(ctx: AppContext, request: FastifyRequest): string | null {
  if (ctx.config.TRUST_PROXY) {
    const header = request.headers[ctx.config.COUNTRY_HEADER.toLowerCase()];
    const value = Array.isArray(header) ? header[0] : header;
    if (value && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  }
  return ctx.ipCountry(request.ip);
}
