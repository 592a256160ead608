import type { FastifyInstance } from 'fastify';
import { validationError } from '../lib/app-error.ts';

const BAD_TEXT_MESSAGE = 'This text contains a character that is not allowed';

/** NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (no character at all). */
const isBadText = (s: string) => s.includes('\u0000') || !s.isWellFormed();

const MAX_DEPTH = 64;

/** The path of the first bad string (a value or a key) in `value`, or null. */
function findBadText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const bad = findBadText(item, path ? `${path}.${i}` : String(i), depth + 1);
      if (bad !== null) return bad;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key.toWellFormed()}` : key.toWellFormed();
    if (isBadText(key)) return at;
    const bad = findBadText(item, at, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

/**
 * Decision 030: one refusal for NUL and lone surrogates in every string of every API call's body, query and
 * path parameters, before any route's schema or use case sees them: a 422 naming the field, as a schema refusal
 * would (a NUL would otherwise reach PostgreSQL and answer 500). Registered on the API's scope, so every route
 * under it is covered, present and future.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findBadText(part, '');
      if (field !== null) throw validationError({ [field || '_']: BAD_TEXT_MESSAGE });
    }
  });
}
