import { z } from 'zod';
import type { AddOnService } from '../pricing/add-ons.ts';
import {
  currentSubscription,
  SUBSCRIPTION_TAGS,
  type SubscriptionInput,
  type SubscriptionTag,
} from './subscription-display.ts';

/**
 * The plans (decisions 017, 037). The spec names the tags and premium plus's shorter minimum deadline (docs/product/account.md) but no
 * prices; these are ours. Each plan includes add-ons the server prices at $0 on every task while it is active;
 * benefits list only what the product really does.
 */
export const SUBSCRIPTION_PLANS = [
  {
    tag: 'premium',
    name: 'Premium',
    priceCents: 999,
    interval: 'month',
    includedAddOns: ['adv_plagreport', 'prioritize_my_task'],
    benefits: [
      'A free Plagiarism report on every task',
      'Prioritize my task for free on every task',
      'A monthly plan you can cancel any time',
      'A cancelled plan stays active to the end of the paid month',
    ],
  },
  {
    tag: 'premium plus',
    name: 'Premium Plus',
    priceCents: 1999,
    interval: 'month',
    includedAddOns: ['adv_plagreport', 'prioritize_my_task', 'adv_vip_support'],
    benefits: [
      'A free Plagiarism report on every task',
      'Prioritize my task for free on every task',
      'VIP service for free on every task',
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
  includedAddOns: readonly AddOnService[];
  benefits: readonly string[];
}[];

type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export function planByTag(tag: SubscriptionTag): SubscriptionPlan {
  const plan = SUBSCRIPTION_PLANS.find((p) => p.tag === tag);
  if (!plan) throw new Error(`unknown plan ${tag}`);
  return plan;
}

/**
 * The add-ons the client's plan includes now: the current subscription's, while it is active and its period
 * has not ended (a plan pending cancelation still counts, as for premium plus's deadlines).
 */
export function planAddOns(subs: readonly SubscriptionInput[], now: Date): readonly AddOnService[] {
  const sub = currentSubscription(subs);
  if (sub?.status !== 'active') return [];
  if (sub.current_period_end !== null && sub.current_period_end.getTime() <= now.getTime()) return [];
  return planByTag(sub.tag).includedAddOns;
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
