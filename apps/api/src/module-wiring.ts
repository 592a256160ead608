// The composition root of the modules' ports (decision 068): a lower module declares what it needs from the
// modules above it as a typed port, and this file, outside the modules, plugs in the use cases that answer it.
// server.ts and the tests' app build their context with `ports: wireModules()`.
import { finalDraftInputs, releaseHeldFiles } from './modules/files/index.ts';
import { applyCardPayment } from './modules/orders/apply-card-payment.ts';
import { createOrder } from './modules/orders/create-order.ts';
import type { OrderTransitionPorts } from './modules/orders/transition-ports.ts';
import type { PaymentSettlementPorts } from './modules/payments/settlement-ports.ts';
import { applyBillingEvent, invoicePayment } from './modules/subscriptions/billing-events.ts';
import {
  applySubscriptionPayment,
  subscriptionPaymentFailed,
} from './modules/subscriptions/subscription-payments.ts';
import type { GoogleSignInPorts } from './modules/users/google/google-ports.ts';
import { workspaceNotices } from './modules/workspace/workspace-notices.ts';

export type ModulePorts = {
  /** Applying an order transition (orders). */
  transitions: OrderTransitionPorts;
  /** Settling a gateway event (payments). */
  settlement: PaymentSettlementPorts;
  /** A Google sign-in's pending task (users). */
  googleSignIn: GoogleSignInPorts;
};

export function wireModules(): ModulePorts {
  return {
    transitions: { finalDraftInputs, releaseHeldFiles, geekNotices: workspaceNotices },
    settlement: {
      applyToOrder: applyCardPayment,
      invoicePayment,
      applyBillingEvent,
      applySubscriptionPayment,
      subscriptionPaymentFailed,
    },
    googleSignIn: { createPendingOrder: createOrder },
  };
}
