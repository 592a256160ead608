import { NEW_TASK_DEFAULTS } from '@geekly/domain/orders/order-schemas.ts';
import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { apiCall } from './api-call.ts';

// Shared by the task forms (features/orders/api/create-order.ts) and the task a visitor started before signing
// in, created once the sign-in succeeds (features/auth/api/finish-auth.ts).

/** docs/product/tasks-and-pricing.md: every new task starts as 'Essay writing' with the 30% deposit ticked (NEW_TASK_DEFAULTS). */
export const createOrder = (input: { title: string; subject: string; toid?: string }) =>
  apiCall(ordersContract.create, {
    body: { ...input, type: NEW_TASK_DEFAULTS.type, additional: [...NEW_TASK_DEFAULTS.additional] },
  });
