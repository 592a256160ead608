import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_OPERATOR } from './student.ts';

// Shared by the run's workers (a failed story restarts its worker), in the run's data directory.
const tokenFile = join(process.env.E2E_DATA_DIR ?? '.', 'e2e-operator-token');
let token: string | null = null;

/**
 * The e2e staff account's bearer token, logged in once per run: staff log-ins are rate-limited (10 in 15
 * minutes), and a whole run needs the operator far more often than that.
 */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  token ??= existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8') : null;
  if (token) return token;
  const session = await request.post('/api/v3/ops/session', { data: E2E_OPERATOR });
  expect(session.status()).toBe(200);
  const jwt = (await session.json()).jwt as string;
  writeFileSync(tokenFile, jwt);
  token = jwt;
  return jwt;
}

/** Runs an operator transition (README "Operator API") on a task, as the e2e staff account. */
export async function operatorTransition(request: APIRequestContext, orderId: string, name: string) {
  const jwt = await operatorToken(request);
  const moved = await request.post(`/api/v3/ops/orders/${orderId}/transitions`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: { name },
  });
  expect(moved.status()).toBe(200);
}
