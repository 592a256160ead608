/** docs/product/account.md "Subscription": the tags a subscription can carry. */
export const SUBSCRIPTION_TAGS = ['premium', 'premium plus'] as const;
export type SubscriptionTag = (typeof SUBSCRIPTION_TAGS)[number];

export type SubscriptionInput = {
  status: string;
  cancel_at_period_end: boolean;
  tag: SubscriptionTag;
  current_period_end: Date | null;
};

type SubscriptionLabel = 'Active' | 'Pending cancelation' | 'Payment failed';

// docs/product/account.md "Subscription display": only these statuses make a subscription the one shown.
const CURRENT_STATUSES: readonly string[] = ['active', 'past_due', 'incomplete'];

/** docs/product/account.md: "Only the first subscription with status active, past_due or incomplete is used." */
export function currentSubscription<S extends SubscriptionInput>(subs: readonly S[]): S | undefined {
  return subs.find((s) => CURRENT_STATUSES.includes(s.status));
}

/**
 * docs/product/account.md "Subscription display". 'Pending cancelation' keeps the spec's spelling. Takes undefined too,
 * so `subscriptionLabel(currentSubscription(subs))` reads in one go.
 */
export function subscriptionLabel(sub: SubscriptionInput | undefined): SubscriptionLabel | null {
  if (sub === undefined) return null;
  if (sub.status === 'active') return sub.cancel_at_period_end ? 'Pending cancelation' : 'Active';
  if (sub.status === 'incomplete' || sub.status === 'past_due') return 'Payment failed';
  return null;
}

/**
 * docs/product/account.md: "Premium plus subscription lowers the minimum by 1 hour for pages under 8". Holds while the
 * current subscription is active premium plus and its period has not ended (a null end never ends). A
 * subscription pending cancelation still counts: it stays active until its period ends.
 */
export function hasPremiumPlus(subs: readonly SubscriptionInput[], now: Date): boolean {
  const sub = currentSubscription(subs);
  return (
    sub !== undefined &&
    sub.status === 'active' &&
    sub.tag === 'premium plus' &&
    (sub.current_period_end === null || sub.current_period_end.getTime() > now.getTime())
  );
}
