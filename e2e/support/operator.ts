import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_OPERATOR } from './student.ts';

let token: string | null = null;

/**
 * The e2e staff account's bearer token, logged in once per worker: staff log-ins are rate-limited (10 in 15
 * minutes), and a whole run needs the operator far more often than that.
 */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  if (token) return token;
  const session = await request.post('/api/v3/ops/session', { data: E2E_OPERATOR });
  expect(session.status()).toBe(200);
  token = (await session.json()).jwt as string;
  return token;
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
