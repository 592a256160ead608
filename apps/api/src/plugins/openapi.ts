import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Route option for answers built by a typed view function (toOrderView): the response schema still documents
 * them in OpenAPI, but they are written with JSON.stringify instead of being re-validated field by field on
 * every request (the API tests check them against the schema instead).
 */
export const trustedViewSerializer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Geekly API',
        version: '3.0.0',
        description: 'Money is US dollars with 2 decimals, except account_balance_use (integer cents).',
      },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
}
