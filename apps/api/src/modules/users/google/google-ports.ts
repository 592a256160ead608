import type { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.ts';
import type { UserRow } from '../../../db/rows.ts';

/**
 * What a Google sign-in needs from orders (decision 068): a sign-up from the landing's form creates its pending
 * task. Orders sits above users (a task belongs to an account), so users calls it through this port, wired once
 * per app (module-wiring.ts).
 */
export type GoogleSignInPorts = {
  createPendingOrder: (
    ctx: AppContext,
    user: UserRow,
    input: z.output<typeof createOrderSchema>,
  ) => Promise<{ _id: string }>;
};
