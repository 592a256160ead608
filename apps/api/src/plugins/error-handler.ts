import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../lib/app-error.ts';

type ErrorBody = { detail: string; error_type?: string; error_value?: unknown };

// docs/product/http-api.md "Errors": { detail, error_type?, error_value? }; 422 maps each field to its message;
// 5xx never for bad input, and never with internals.
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { detail: err.detail };
      if (err.errorType) body.error_type = err.errorType;
      if (err.errorValue !== undefined) body.error_value = err.errorValue;
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(422).send({
        detail: Object.values(fields)[0] ?? 'Invalid input',
        error_type: 'validation',
        error_value: fields,
      } satisfies ErrorBody);
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const detail =
        'code' in err && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Request JSON error' : err.message;
      return reply.status(status).send({ detail } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(err)) {
      // Decision 031: the database is away (an outage, a failover); the request may be retried.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ detail: 'Database unavailable' } satisfies ErrorBody);
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ detail: 'Internal server error' } satisfies ErrorBody);
  });
}
