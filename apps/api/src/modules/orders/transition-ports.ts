import type { OrderFileInput } from '@geekly/domain/orders/geek-files.ts';
import type { TransitionName } from '@geekly/domain/orders/order-machine.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/rows.ts';

/**
 * What applying a transition needs from modules above orders (decision 068): they own these rows and rules, and
 * reach orders themselves, so orders calls them through this port, wired once per app (module-wiring.ts).
 * Each runs in the transition's transaction.
 */
export type OrderTransitionPorts = {
  /** files: the task's files, as the delivery guard counts final drafts. */
  finalDraftInputs: (tx: Db, orderId: string) => Promise<OrderFileInput[]>;
  /** files: the Geek's uploads held for the quality check reach the student with the work (decision 048). */
  releaseHeldFiles: (tx: Db, orderId: string) => Promise<void>;
  /** workspace: the Geek's live event and notices of the transition; true when a mail was queued. */
  geekNotices: (ctx: AppContext, tx: Db, name: TransitionName, order: OrderRow) => Promise<boolean>;
};
