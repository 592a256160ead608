// The subscriptions module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export type { SubscriptionJson } from './subscriptions.repository.ts';
export {
  subscriptionsFromJson,
  userSubscriptionRows,
  userSubscriptions,
  userSubscriptionsJson,
} from './subscriptions.repository.ts';
