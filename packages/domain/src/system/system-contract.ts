import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';

// docs/product/http-api.md "Operations" (decision 031): health is the process alone, readiness the database too.

const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string().describe('The release (package.json version): CHANGELOG.md says what changed'),
  commit: z.string().describe('The commit the release was built from (BUILD_COMMIT, or git)'),
  staging: z
    .boolean()
    .describe(
      'A production-mode site on the sandbox gateway (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION): payments are not real',
    ),
});
export type Health = z.infer<typeof healthSchema>;

export const systemContract = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness: 200 while the process is up (the database is /ready)',
    responses: { 200: healthSchema },
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    summary: 'Readiness: the database is reachable and every migration is applied; 503 otherwise',
    responses: { 200: z.object({ status: z.literal('ready') }) },
    errors: [503],
  }),
};
