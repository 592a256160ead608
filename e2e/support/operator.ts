import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_OPERATOR } from './student.ts';

/** Runs an operator transition (README "Operator API") on a task, as the e2e staff account. */
export async function operatorTransition(request: APIRequestContext, orderId: string, name: string) {
  const session = await request.post('/api/v3/ops/session', { data: E2E_OPERATOR });
  expect(session.status()).toBe(200);
  const { jwt } = await session.json();
  const moved = await request.post(`/api/v3/ops/orders/${orderId}/transitions`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: { name },
  });
  expect(moved.status()).toBe(200);
}
