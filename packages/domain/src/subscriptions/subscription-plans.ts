import { z } from 'zod';
import { SUBSCRIPTION_TAGS, type SubscriptionTag } from './subscription-display.ts';

/**
 * The plans (decision 017). Seed 000 names the tags and premium plus's shorter minimum deadline (§9) but no
 * prices; these are ours. Benefits list only what the product really does.
 */
export const SUBSCRIPTION_PLANS = [
  {
    tag: 'premium',
    name: 'Premium',
    priceCents: 999,
    interval: 'month',
    benefits: [
      'A monthly plan you can cancel any time',
      'A cancelled plan stays active to the end of the paid month',
    ],
  },
  {
    tag: 'premium plus',
    name: 'Premium Plus',
    priceCents: 1999,
    interval: 'month',
    benefits: [
      'Earliest deadlines 1 hour sooner for tasks under 8 pages',
      'A monthly plan you can cancel any time',
      'A cancelled plan stays active to the end of the paid month',
    ],
  },
] as const satisfies readonly {
  tag: SubscriptionTag;
  name: string;
  priceCents: number;
  interval: 'month';
  benefits: readonly string[];
}[];

export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export function planByTag(tag: SubscriptionTag): SubscriptionPlan {
  const plan = SUBSCRIPTION_PLANS.find((p) => p.tag === tag);
  if (!plan) throw new Error(`unknown plan ${tag}`);
  return plan;
}

/** One month later on the calendar, in UTC; the 31st becomes the last day of a shorter month. */
export function addOneMonth(from: Date): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** A failed renewal is retried after a day, at most this many times; then the subscription ends (decision 017). */
export const RENEWAL_RETRY_MS = 24 * 3_600_000;
export const RENEWAL_MAX_ATTEMPTS = 3;

export const subscribeSchema = z.object({ tag: z.enum(SUBSCRIPTION_TAGS) });
