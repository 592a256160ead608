// docs/product/tasks-and-pricing.md "Add-on services" and docs/product/tasks-and-pricing.md; prices where the spec hides them are decision 007's, kept here only.
import { applyPercentOff } from './quote.ts';

export const ADD_ON_SERVICES = [
  'prioritize_my_task',
  'draft_needed',
  'client_recomended_writer',
  'top_writer',
  'adv_vip_support',
  'adv_plagreport',
] as const;
export type AddOnService = (typeof ADD_ON_SERVICES)[number];

export const ADD_ON_LABELS: Record<AddOnService, string> = {
  prioritize_my_task: 'Prioritize my task',
  draft_needed: 'Draft',
  client_recomended_writer: 'Preferred Geek',
  top_writer: 'TOP Geek',
  adv_vip_support: 'VIP service',
  adv_plagreport: 'Plagiarism report',
};

/** How the quote, the add-on list and the receipt name the add-ons a plan includes (issue 26 item 7). */
export const INCLUDED_IN_PLAN = 'Included in your plan';

/** A fixed price in cents, or a share of the task's work price (after its discount) in percent. */
type AddOnPrice = { kind: 'fixed'; cents: number } | { kind: 'percent'; percent: number };

// docs/product/tasks-and-pricing.md: "VIP support and Preferred Geek have fixed prices, values not shown" next to the unexplained
// constants 9.99 and 4.99, so those two take them. The others scale with the work, as speed and seniority do.
export const ADD_ON_PRICES: Record<AddOnService, AddOnPrice> = {
  adv_vip_support: { kind: 'fixed', cents: 999 },
  client_recomended_writer: { kind: 'fixed', cents: 499 },
  adv_plagreport: { kind: 'fixed', cents: 799 },
  prioritize_my_task: { kind: 'percent', percent: 10 },
  draft_needed: { kind: 'percent', percent: 10 },
  top_writer: { kind: 'percent', percent: 25 },
};

/** docs/product/tasks-and-pricing.md "Value kinds acting as add-ons": a coupon may grant one of these add-ons for free. */
export const COUPON_ADD_ON_KINDS = {
  plagreport: 'adv_plagreport',
  vip_support: 'adv_vip_support',
  top_writer: 'top_writer',
  draft_needed: 'draft_needed',
  prioritize_my_task: 'prioritize_my_task',
} as const satisfies Record<string, AddOnService>;

/** docs/product/tasks-and-pricing.md: the Draft add-on is disabled when 6 hours or less remain. */
export const DRAFT_MIN_HOURS_LEFT = 6;

/** The price of one add-on for a task whose work costs `workCents` (after its discount). */
export function addOnPriceCents(service: AddOnService, workCents: number | null, free = false): number {
  if (free) return 0;
  const price = ADD_ON_PRICES[service];
  if (price.kind === 'fixed') return price.cents;
  if (workCents === null) return 0;
  return workCents - applyPercentOff(workCents, price.percent);
}

/**
 * A chosen add-on; `included` marks one the client's plan gives for free (decision 037), kept on the task from
 * its first payment so the paid price never changes when the plan ends.
 */
export type AddedService = { tag: AddOnService; writerId?: string | null; included?: boolean };

/**
 * The task's add-ons with its plan's (decision 037): a plan add-on the task lacks is added as included; one the
 * client chose on a changeable task is included (free) too. On a locked (paid) task an add-on already paid for
 * keeps its price: the plan never changes what was paid.
 */
export function withPlanAddOns(
  services: readonly AddedService[],
  planAddOns: readonly AddOnService[],
  locked: boolean,
): AddedService[] {
  const result = services.map((s) =>
    !locked && planAddOns.includes(s.tag) && !s.included ? { ...s, included: true } : { ...s },
  );
  for (const tag of planAddOns) if (!result.some((s) => s.tag === tag)) result.push({ tag, included: true });
  return result;
}

export type AddOnContext = {
  /** The task is partially or fully paid, refunded or refund-requested (docs/product/statuses-and-state-machine.md "unchangeable"). */
  locked: boolean;
  /** The add-on a valid coupon grants for free, if any. */
  freeAddOn: AddOnService | null;
  /** A change to the task is being saved (the browser's state; the server passes false). */
  saving: boolean;
  hoursLeft: number;
  /** Geeks the client may prefer; the Preferred Geek section shows only when the list is non-empty. */
  preferredGeekIds: readonly string[];
  workCents: number | null;
  /** The add-ons the client's plan includes (decision 037); none without a plan. */
  planAddOns?: readonly AddOnService[];
};

type AddOnState = {
  service: AddOnService;
  label: string;
  added: boolean;
  active: boolean;
  disabled: boolean;
  hidden: boolean;
  priceCents: number;
  geekId: string | null;
  /** Included in the client's plan: free, and not removable. */
  included: boolean;
};

/** docs/product/tasks-and-pricing.md (added, active, disabled, hidden, price) with the disabled rules of docs/product/tasks-and-pricing.md. */
export function addOnStates(added: readonly AddedService[], ctx: AddOnContext): AddOnState[] {
  return ADD_ON_SERVICES.map((service) => {
    const entry = added.find((a) => a.tag === service);
    const included = entry?.included === true;
    const free = ctx.freeAddOn === service || included;
    return {
      service,
      label: ADD_ON_LABELS[service],
      added: entry !== undefined || free,
      // A coupon's free add-on is part of the task without being chosen.
      active: entry !== undefined || free,
      disabled: isAddOnDisabled(service, ctx),
      hidden:
        service === 'draft_needed' ||
        (service === 'client_recomended_writer' && !ctx.preferredGeekIds.length),
      priceCents: addOnPriceCents(service, ctx.workCents, free),
      geekId: entry?.writerId ?? null,
      included,
    };
  });
}

export function isAddOnDisabled(service: AddOnService, ctx: AddOnContext): boolean {
  switch (service) {
    case 'adv_vip_support':
      return (
        ctx.locked ||
        ctx.freeAddOn === 'adv_vip_support' ||
        (ctx.planAddOns ?? []).includes('adv_vip_support') ||
        ctx.saving
      );
    case 'draft_needed':
      return ctx.hoursLeft <= DRAFT_MIN_HOURS_LEFT;
    case 'client_recomended_writer':
      return ctx.preferredGeekIds.length === 0;
    default:
      return false;
  }
}

type AddOnChangeError =
  | 'add_on_disabled'
  | 'add_on_already_added'
  | 'add_on_not_added'
  | 'preferred_geek_required'
  | 'add_on_paid';

/** Why adding this add-on is refused, or null when it may be added. */
export function addOnAddError(
  service: AddOnService,
  added: readonly AddedService[],
  ctx: AddOnContext,
  geekId: string | null | undefined,
): AddOnChangeError | null {
  if (added.some((a) => a.tag === service) || ctx.freeAddOn === service) return 'add_on_already_added';
  if ((ctx.planAddOns ?? []).includes(service)) return 'add_on_already_added';
  if (isAddOnDisabled(service, ctx)) return 'add_on_disabled';
  // docs/product/tasks-and-pricing.md: "Preferred Geek: an ID must be chosen from a list before submit".
  if (service === 'client_recomended_writer' && (!geekId || !ctx.preferredGeekIds.includes(geekId)))
    return 'preferred_geek_required';
  return null;
}

/** The total of the chosen add-ons (a coupon's free add-on and the plan's included ones cost nothing). */
export function addOnsTotalCents(
  added: readonly AddedService[],
  workCents: number | null,
  freeAddOn: AddOnService | null,
): number {
  return added.reduce(
    (sum, a) => sum + addOnPriceCents(a.tag, workCents, a.included === true || a.tag === freeAddOn),
    0,
  );
}
