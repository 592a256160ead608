import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_OPERATOR } from './student.ts';

// Shared by the run's workers (a failed story restarts its worker), in the run's data directory.
const tokenFile = join(process.env.E2E_DATA_DIR ?? '.', 'e2e-operator-token');

/** A staff token lives 2 hours (decision 027); one older than this is replaced by a new log-in. */
const TOKEN_REUSE_MS = 60 * 60_000;
const fresh = () => existsSync(tokenFile) && Date.now() - statSync(tokenFile).mtimeMs < TOKEN_REUSE_MS;

/**
 * The e2e staff account's bearer token, logged in once per run (again after an hour): staff log-ins are
 * rate-limited (10 in 15 minutes), and a whole run needs the operator far more often than that. No story logs
 * this account out: a staff log-out revokes every token of the account (decision 027).
 */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  if (fresh()) return readFileSync(tokenFile, 'utf8');
  const session = await request.post('/api/v3/ops/session', { data: E2E_OPERATOR });
  expect(session.status()).toBe(200);
  const jwt = (await session.json()).jwt as string;
  writeFileSync(tokenFile, jwt);
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
