import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';

/**
 * Behind a trusted proxy that says it sets a country header (COUNTRY_HEADER, decision 052) the country comes from
 * that header; otherwise from the offline IP database, whatever header the client sent.
 */
export function clientCountry(ctx: AppContext, request: FastifyRequest): string | null {
  const { TRUST_PROXY, COUNTRY_HEADER } = ctx.config;
  if (TRUST_PROXY && COUNTRY_HEADER) {
    const header = request.headers[COUNTRY_HEADER.toLowerCase()];
    const value = Array.isArray(header) ? header[0] : header;
    if (value && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  }
  return ctx.ipCountry(request.ip);
}
