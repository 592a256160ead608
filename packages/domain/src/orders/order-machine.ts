// The order's state machine (docs/product/statuses-and-state-machine.md, docs/decisions/008-order-state-machine.md): every change to a task is one of these
// transitions. Each names who may trigger it, its guard and its effects; the API applies them inside one
// database transaction and nothing else writes an order's state.
import {
  type AddedService,
  type AddOnContext,
  type AddOnService,
  addOnAddError,
  addOnPriceCents,
} from '../pricing/add-ons.ts';
import { splitDeposit } from '../pricing/quote.ts';
import {
  canAcceptWork,
  canRecordEarning,
  isAutoAcceptDue,
  isRefundWindowOver,
  isWorkAccepted,
} from './acceptance.ts';
import { isRevisionDeadlineTooEarly, type RefundDestination } from './order-action-schemas.ts';
import {
  type ClientStatus,
  canChangeCourse,
  canRate,
  canRequestRefund,
  canRequestRevision,
  canTip,
  isChangeable,
  isDeleted,
  isLookingForGeek,
  isRefundRequested,
  type OrderStatusInput,
  paymentState,
  type SystemClientStatus,
} from './order-status.ts';

/**
 * Who may run a transition: the student, staff (the back office and its autopilot), the payment gateway, the
 * system's clock, or `geek`, a Geek in their own workspace (decision 047) who takes an offer and works on their
 * own task. `order_transitions.actor` stores a student's and staff's transitions under the wire's words
 * 'client' and 'operator' (the API's insertTransitionLog maps them), so no stored row changed with the rename.
 */
export type TransitionActor = 'student' | 'staff' | 'gateway' | 'system' | 'geek';

/** What the machine reads of a task: the status input plus what the guards need. */
export type OrderState = OrderStatusInput & {
  title: string;
  services: readonly AddedService[];
  additional: readonly string[];
  tipsPaidCents: number;
  /** docs/product/tasks-and-pricing.md: pages set and the deadline before their minimum (recomputed by the server at `now`). */
  badDeadline: boolean;
  /** Final drafts the client will see (countDeliverableFinalDrafts); `deliver` needs one. */
  finalDraftCount: number;
  revisionDeadline: Date | null;
  /** Where the client asked a refund to go (docs/product/payments-and-ledger.md: the balance by default). */
  refundTo: RefundDestination | null;
  /** When the work or its last revision was delivered: the refund window and auto-acceptance run from it. */
  deliveredAt: Date | null;
  clientAcceptAt: Date | null;
  /** When the Geek's earning was recorded (decision 036); null until then. */
  geekEarnedAt: Date | null;
};

/** The fields a transition may change (names as in docs/product/statuses-and-state-machine.md). */
export type TransitionPatch = Partial<{
  title: string;
  subject: string;
  details: string;
  size: string;
  deadline: Date;
  request_type: string | null;
  discount: string | null;
  additional: string[];
  tags: string[];
  services: AddedService[];
  system_client_status: SystemClientStatus;
  client_status: ClientStatus | null;
  writer_id: string | null;
  client_paid_at: Date;
  client_paid_at_first: Date;
  client_accept_at: Date;
  mark: number;
  feedback: string | null;
  feedback_tags: string[];
  client_revision_at: Date;
  revision_comment: string;
  revision_deadline: Date;
  revision_accept_at: Date;
  refund_comment: string;
  refund_to: RefundDestination;
  refunded: boolean;
  work_started_at: Date;
  tips_paid_cents: number;
  client_remove: boolean;
  delivered_at: Date;
  geek_earned_at: Date;
  /** Decision 048: staff's note when they return a Geek's delivery from the quality check; null once resent. */
  check_note: string | null;
  check_requested_at: Date;
}>;

/** Money movements and notices a transition causes; the API carries them out in the same transaction. */
export type OrderEffect =
  | { kind: 'charge'; source: 'balance' | 'card'; amountCents: number; purpose: 'order' | 'tip' }
  | { kind: 'refund'; destination: RefundDestination; amountCents: number }
  | { kind: 'notify'; notice: OrderNotice }
  /** The Geek's share of the work price, recorded once per task when it is accepted (decision 036). */
  | { kind: 'geek_earning' };

// A task's first payment has no notice of its own: its receipt says what it means (decision 024).
export type OrderNotice =
  | 'geek_assigned'
  | 'order_delivered'
  | 'revision_accepted'
  | 'revision_declined'
  | 'revision_delivered'
  | 'refund_requested'
  | 'refund_accepted'
  | 'refund_declined';

export type TransitionRefusal =
  | 'order_locked'
  | 'order_deleted'
  | 'not_allowed'
  | 'bad_deadline'
  | 'no_price'
  | 'wrong_amount'
  | 'revision_deadline_too_early'
  | 'writer_required'
  | 'add_on_disabled'
  | 'add_on_already_added'
  | 'add_on_not_added'
  | 'add_on_paid'
  | 'preferred_geek_required'
  | 'final_draft_required'
  | 'refund_window_over';

export type TransitionResult =
  | { ok: true; patch: TransitionPatch; effects: OrderEffect[] }
  | { ok: false; refusal: TransitionRefusal };

type Ctx = { now: Date };

type Transition<I> = {
  actors: readonly TransitionActor[];
  /** The spec's words for when it applies; the guard is the rule. */
  when: string;
  guard: (o: OrderState, input: I, ctx: Ctx) => TransitionRefusal | null;
  apply: (o: OrderState, input: I, ctx: Ctx) => { patch: TransitionPatch; effects?: OrderEffect[] };
};

const withTag = (tags: readonly string[], tag: string) => (tags.includes(tag) ? [...tags] : [...tags, tag]);
const allowed = (ok: boolean): TransitionRefusal | null => (ok ? null : 'not_allowed');
const alive = (o: OrderState) => (isDeleted(o) ? 'order_deleted' : null);

/** Decision 048: the tag of a Geek's delivery waiting for staff's quality check (the student does not see it yet). */
export const QUALITY_CHECK_TAG = 'quality_check';
const inCheck = (o: OrderState) => o.tags.includes(QUALITY_CHECK_TAG);
const withoutTag = (tags: readonly string[], tag: string) => tags.filter((t) => t !== tag);

const canDeliverWork = (o: OrderState) =>
  o.system_client_status === 'In Progress' &&
  (o.client_status === 'In progress' ||
    o.client_status === 'Final touches' ||
    o.client_status === 'Nerd found');

const deliveredPatch = (now: Date): TransitionPatch => ({
  system_client_status: 'Completed',
  client_status: 'Sent',
  delivered_at: now,
});
const revisionDeliveredPatch = (now: Date): TransitionPatch => ({
  system_client_status: 'Revision Completed',
  client_status: 'Revision sent',
  delivered_at: now,
});
/** A delivery held for the quality check: only the tag changes, and an earlier note is cleared. */
const heldPatch = (o: OrderState, now: Date): TransitionPatch => ({
  tags: withTag(o.tags, QUALITY_CHECK_TAG),
  check_note: null,
  check_requested_at: now,
});

/** docs/product/statuses-and-state-machine.md "Payment": what is due now; the deposit when paying 30% of an unpaid task. */
export function amountDueCents(o: OrderState, deposit: boolean): number | null {
  if (o.priceCents === null) return null;
  if (deposit && o.paidCents === 0) return splitDeposit(o.priceCents).depositCents;
  return Math.max(0, o.priceCents - o.paidCents);
}

export type EditInput = {
  /** Changes to the work or its price; refused once the task is locked (docs/product/statuses-and-state-machine.md). */
  locked: Partial<
    Pick<
      TransitionPatch,
      'title' | 'details' | 'size' | 'deadline' | 'request_type' | 'discount' | 'additional'
    >
  >;
  /** docs/product/statuses-and-state-machine.md: the list marks an unrated task's review as shown, whatever its state. */
  markReviewShown?: boolean;
};

/** `deposit`: the 30% deposit of an unpaid task (the pay body's `partial`). */
type PayTransitionInput = { amountCents: number; deposit: boolean; source: 'balance' | 'card' };
type TipInput = { amountCents: number; source: 'balance' | 'card' };
type RateInput = { mark: number; feedback: string | null; tags: string[] };
type RevisionInput = { comment: string; deadline: Date };
type RefundInput = { comment: string; destination: RefundDestination };
/** Decision 048: a Geek's delivery with the quality check on waits for staff instead of reaching the student. */
type DeliverInput = { check?: boolean };
type ServiceInput = { service: AddOnService; geekId?: string | null; addOns: AddOnContext };

/** The largest tip one payment takes; a guard against typos, not a spec rule. */
export const MAX_TIP_CENTS = 100_000;

type NoInput = Record<string, never>;

/** Each transition's input. */
export type TransitionInputs = {
  edit: EditInput;
  rename: { title: string };
  change_subject: { subject: string };
  delete: NoInput;
  pay: PayTransitionInput;
  add_service: ServiceInput;
  remove_service: ServiceInput;
  rate: RateInput;
  tip: TipInput;
  request_revision: RevisionInput;
  request_refund: RefundInput;
  accept_work: NoInput;
  auto_accept: NoInput;
  accept_instructions: NoInput;
  assign_geek: { geekId: string };
  start_work: NoInput;
  deliver: DeliverInput;
  accept_revision: NoInput;
  decline_revision: NoInput;
  deliver_revision: DeliverInput;
  accept_refund: NoInput;
  decline_refund: NoInput;
  give_back: NoInput;
  pass_check: NoInput;
  return_to_geek: { note: string };
};
export type TransitionName = keyof TransitionInputs;
export type TransitionInput<N extends TransitionName> = TransitionInputs[N];

const ORDER_TRANSITIONS: { [N in TransitionName]: Transition<TransitionInputs[N]> } = {
  // ——— the student ———
  edit: {
    actors: ['student'],
    when: 'the task is changeable; a locked task refuses changes to pages, deadline and type',
    guard: (o, input) =>
      alive(o) ?? (Object.keys(input.locked).length > 0 && !isChangeable(o) ? 'order_locked' : null),
    apply: (o, input) => {
      const additional = input.locked.additional ?? [...o.additional];
      return {
        patch: {
          ...input.locked,
          additional: input.markReviewShown ? withTag(additional, 'review_shown_on_client') : additional,
        },
      };
    },
  },

  rename: {
    actors: ['student'],
    when: 'docs/product/tasks-and-pricing.md: disabled for unchangeable tasks',
    guard: (o) => alive(o) ?? (isChangeable(o) ? null : 'order_locked'),
    apply: (_o, input) => ({ patch: { title: input.title } }),
  },

  change_subject: {
    actors: ['student'],
    when: 'a task whose work is not delivered yet, not refunded or refund-requested; the price stays (decision 038)',
    guard: (o) => alive(o) ?? allowed(canChangeCourse(o)),
    apply: (_o, input) => ({ patch: { subject: input.subject } }),
  },

  delete: {
    actors: ['student'],
    when: 'an unpaid task the client no longer needs',
    guard: (o) => alive(o) ?? (isChangeable(o) ? null : 'order_locked'),
    apply: () => ({ patch: { client_remove: true, system_client_status: 'Deleted' } }),
  },

  pay: {
    actors: ['student', 'gateway'],
    when: 'a priced task with a valid deadline; the amount is exactly what is due',
    guard: (o, input) => {
      const dead = alive(o);
      if (dead) return dead;
      if (o.priceCents === null) return 'no_price';
      if (o.paidCents === 0 && o.badDeadline) return 'bad_deadline';
      if (isRefundRequested(o) || o.refunded || o.system_client_status === 'Refund Accepted')
        return 'not_allowed';
      const due = amountDueCents(o, input.deposit);
      return due !== null && due > 0 && input.amountCents === due ? null : 'wrong_amount';
    },
    apply: (o, input, { now }) => {
      const first = o.paidCents === 0;
      const additional = o.additional.filter((f) => f !== 'partial_payment');
      if (first ? input.deposit : o.additional.includes('partial_payment'))
        additional.push('partial_payment');
      const patch: TransitionPatch = { client_paid_at: now, additional };
      if (first) {
        patch.client_paid_at_first = now;
        if (o.system_client_status === 'New project' || o.system_client_status === 'Unpaid')
          patch.system_client_status = 'Paid';
      }
      return {
        patch,
        effects: [{ kind: 'charge', source: input.source, amountCents: input.amountCents, purpose: 'order' }],
      };
    },
  },

  add_service: {
    actors: ['student'],
    when: 'docs/product/tasks-and-pricing.md add-on rules; the price grows by the add-on',
    guard: (o, input) =>
      alive(o) ?? addOnAddError(input.service, o.services, input.addOns, input.geekId ?? null),
    apply: (o, input) => ({
      patch: {
        services: [
          ...o.services,
          input.service === 'client_recomended_writer'
            ? { tag: input.service, writerId: input.geekId ?? null }
            : { tag: input.service },
        ],
      },
    }),
  },

  remove_service: {
    actors: ['student'],
    when: 'an added add-on that is not paid for yet',
    guard: (o, input) => {
      const dead = alive(o);
      if (dead) return dead;
      if (!o.services.some((s) => s.tag === input.service)) return 'add_on_not_added';
      if (input.service === 'adv_vip_support' && input.addOns.locked) return 'add_on_disabled';
      // Removing must not leave more paid than the new price: a paid add-on goes through a refund.
      const price = addOnPriceCents(input.service, input.addOns.workCents);
      if (o.priceCents !== null && o.paidCents > o.priceCents - price) return 'add_on_paid';
      return null;
    },
    apply: (o, input) => ({ patch: { services: o.services.filter((s) => s.tag !== input.service) } }),
  },

  rate: {
    actors: ['student'],
    when: 'docs/product/statuses-and-state-machine.md "Rating possible"',
    guard: (o) => alive(o) ?? allowed(canRate(o)),
    apply: (o, input, { now }) => {
      // A positive mark is the client accepting the work (docs/product/statuses-and-state-machine.md tag client_accept); a fully paid,
      // delivered task then records the Geek's earning (decision 036).
      const earns = input.mark >= 4 && canRecordEarning(o);
      return {
        patch: {
          mark: input.mark,
          feedback: input.feedback,
          feedback_tags: input.tags,
          ...(input.mark >= 4 ? { tags: withTag(o.tags, 'client_accept'), client_accept_at: now } : {}),
          ...(earns ? { geek_earned_at: now } : {}),
        },
        effects: earns ? [{ kind: 'geek_earning' }] : [],
      };
    },
  },

  tip: {
    actors: ['student', 'gateway'],
    when: 'docs/product/statuses-and-state-machine.md: paid, no tip yet, not rated or rated 4 or more',
    guard: (o, input) =>
      alive(o) ??
      allowed(canTip(o, o.tipsPaidCents)) ??
      (input.amountCents > 0 && input.amountCents <= MAX_TIP_CENTS ? null : 'wrong_amount'),
    apply: (o, input) => ({
      patch: { tips_paid_cents: o.tipsPaidCents + input.amountCents },
      effects: [{ kind: 'charge', source: input.source, amountCents: input.amountCents, purpose: 'tip' }],
    }),
  },

  request_revision: {
    actors: ['student'],
    when: 'a delivered task with no refund or revision pending; the deadline at least 24 hours away',
    guard: (o, input, { now }) =>
      alive(o) ??
      allowed(canRequestRevision(o)) ??
      (isRevisionDeadlineTooEarly(now, input.deadline) ? 'revision_deadline_too_early' : null),
    apply: (_o, input, { now }) => ({
      patch: {
        system_client_status: 'Revision Requested',
        client_status: 'Revision requested',
        revision_comment: input.comment,
        revision_deadline: input.deadline,
        client_revision_at: now,
      },
    }),
  },

  request_refund: {
    actors: ['student'],
    when: 'docs/product/statuses-and-state-machine.md "Refund can be requested"',
    guard: (o, _input, { now }) =>
      alive(o) ??
      allowed(canRequestRefund(o)) ??
      // The Terms and Refund Policy: within 60 days after the task was completed (decision 036).
      (isRefundWindowOver(o, now) ? 'refund_window_over' : null),
    apply: (_o, input) => ({
      patch: {
        system_client_status: 'Refund Requested',
        refund_comment: input.comment,
        refund_to: input.destination,
      },
      effects: [{ kind: 'notify', notice: 'refund_requested' }],
    }),
  },

  accept_work: {
    actors: ['student'],
    when: "'Accept the work': a delivered, fully paid task not accepted yet; the Geek's earning is recorded",
    guard: (o) => alive(o) ?? allowed(canAcceptWork(o)),
    apply: (o, _input, { now }) => ({
      patch: { tags: withTag(o.tags, 'client_accept'), client_accept_at: now, geek_earned_at: now },
      effects: [{ kind: 'geek_earning' }],
    }),
  },

  // ——— system ———
  auto_accept: {
    actors: ['system'],
    when: 'the clock: a delivered task the client accepted, or left alone for AUTO_ACCEPT_DAYS, earns once',
    guard: (o, _input, { now }) => alive(o) ?? allowed(isAutoAcceptDue(o, now)),
    apply: (o, _input, { now }) => ({
      patch: {
        ...(isWorkAccepted(o) ? {} : { tags: withTag(o.tags, 'client_accept'), client_accept_at: now }),
        geek_earned_at: now,
      },
      effects: [{ kind: 'geek_earning' }],
    }),
  },

  // ——— staff ———
  accept_instructions: {
    actors: ['staff'],
    when: 'a paid task looking for a Geek whose instructions are not checked yet',
    guard: (o) => alive(o) ?? allowed(isLookingForGeek(o) && paymentState(o) !== 'unpaid'),
    apply: (o) => ({ patch: { tags: withTag(o.tags, 'instr_ok') } }),
  },

  assign_geek: {
    // The geek actor takes an offer for themselves (the API names the Geek; decision 047).
    actors: ['staff', 'geek'],
    when: 'a paid task looking for a Geek',
    guard: (o, input) =>
      alive(o) ??
      allowed(isLookingForGeek(o) && paymentState(o) !== 'unpaid') ??
      (input.geekId ? null : 'writer_required'),
    apply: (_o, input) => ({
      patch: { system_client_status: 'In Progress', client_status: 'Nerd found', writer_id: input.geekId },
      effects: [{ kind: 'notify', notice: 'geek_assigned' }],
    }),
  },

  start_work: {
    actors: ['staff', 'geek'],
    when: 'the assigned Geek starts',
    guard: (o) =>
      alive(o) ?? allowed(o.system_client_status === 'In Progress' && o.client_status === 'Nerd found'),
    apply: (_o, _input, { now }) => ({ patch: { client_status: 'In progress', work_started_at: now } }),
  },

  deliver: {
    actors: ['staff', 'geek'],
    when: 'the Geek sends the work (client status Sent), with at least one final draft attached; with the check on it waits for staff',
    guard: (o) =>
      alive(o) ??
      allowed(canDeliverWork(o) && !inCheck(o)) ??
      (o.finalDraftCount > 0 ? null : 'final_draft_required'),
    apply: (o, input, { now }) =>
      input.check
        ? { patch: heldPatch(o, now) }
        : { patch: deliveredPatch(now), effects: [{ kind: 'notify', notice: 'order_delivered' }] },
  },

  accept_revision: {
    actors: ['staff'],
    when: 'a requested revision',
    guard: (o) =>
      alive(o) ??
      allowed(o.system_client_status === 'Revision Requested' && o.client_status === 'Revision requested'),
    apply: (_o, _input, { now }) => ({
      patch: { client_status: 'On revision', revision_accept_at: now, work_started_at: now },
      effects: [{ kind: 'notify', notice: 'revision_accepted' }],
    }),
  },

  decline_revision: {
    actors: ['staff'],
    when: 'a requested revision; the task falls back to delivered (docs/product/statuses-and-state-machine.md)',
    guard: (o) =>
      alive(o) ??
      allowed(o.system_client_status === 'Revision Requested' && o.client_status === 'Revision requested'),
    // A client may ask again after a delivered revision: then the fallback is that revision, not the first work.
    apply: (o) => ({
      patch: {
        system_client_status: 'Revision Declined',
        client_status: o.revision_accept_at === null ? 'Sent' : 'Revision sent',
      },
      effects: [{ kind: 'notify', notice: 'revision_declined' }],
    }),
  },

  deliver_revision: {
    actors: ['staff', 'geek'],
    when: 'a revision in progress; with the check on it waits for staff',
    guard: (o) => alive(o) ?? allowed(o.client_status === 'On revision' && !inCheck(o)),
    apply: (o, input, { now }) =>
      input.check
        ? { patch: heldPatch(o, now) }
        : { patch: revisionDeliveredPatch(now), effects: [{ kind: 'notify', notice: 'revision_delivered' }] },
  },

  accept_refund: {
    actors: ['staff'],
    when: 'a requested refund; the paid amount goes back to the chosen destination',
    guard: (o) => alive(o) ?? allowed(o.system_client_status === 'Refund Requested'),
    apply: (o) => ({
      patch: { system_client_status: 'Refund Accepted', refunded: true },
      effects: [
        ...(o.paidCents > 0
          ? [{ kind: 'refund', destination: o.refundTo ?? 'balance', amountCents: o.paidCents } as const]
          : []),
        { kind: 'notify', notice: 'refund_accepted' },
      ],
    }),
  },

  decline_refund: {
    actors: ['staff'],
    when: 'a requested refund; the shown status falls back to client_status (docs/product/statuses-and-state-machine.md)',
    guard: (o) => alive(o) ?? allowed(o.system_client_status === 'Refund Requested'),
    apply: () => ({
      patch: { system_client_status: 'Refund Declined' },
      effects: [{ kind: 'notify', notice: 'refund_declined' }],
    }),
  },

  // ——— the Geek (decision 047) and the quality check (decision 048) ———
  give_back: {
    actors: ['geek'],
    when: 'the assigned Geek has not started: the task goes back to the offers',
    guard: (o) =>
      alive(o) ??
      allowed(
        o.system_client_status === 'In Progress' &&
          o.client_status === 'Nerd found' &&
          o.work_started_at === null,
      ),
    // Staff are told by the back office's queue and stream (the task is to assign again), the student by nothing.
    apply: () => ({ patch: { system_client_status: 'Paid', client_status: null, writer_id: null } }),
  },

  pass_check: {
    actors: ['staff'],
    when: "a Geek's delivery waiting for the quality check: the student now gets it",
    guard: (o) =>
      alive(o) ??
      allowed(inCheck(o) && (canDeliverWork(o) || o.client_status === 'On revision')) ??
      (o.client_status === 'On revision' || o.finalDraftCount > 0 ? null : 'final_draft_required'),
    apply: (o, _input, { now }) => {
      const revision = o.client_status === 'On revision';
      const patch = revision ? revisionDeliveredPatch(now) : deliveredPatch(now);
      return {
        patch: { ...patch, tags: withoutTag(o.tags, QUALITY_CHECK_TAG) },
        effects: [{ kind: 'notify', notice: revision ? 'revision_delivered' : 'order_delivered' }],
      };
    },
  },

  return_to_geek: {
    actors: ['staff'],
    when: "a Geek's delivery waiting for the quality check goes back to the Geek with staff's note",
    guard: (o, input) => alive(o) ?? allowed(inCheck(o)) ?? (input.note.trim() ? null : 'not_allowed'),
    apply: (o, input) => ({
      patch: { tags: withoutTag(o.tags, QUALITY_CHECK_TAG), check_note: input.note.trim() },
    }),
  },
};

export const ORDER_TRANSITION_TABLE = ORDER_TRANSITIONS;

/** Staff's transitions; named after the wire's `operator_transitions`, the list each task carries to the back office. */
export const OPERATOR_TRANSITIONS = (Object.keys(ORDER_TRANSITIONS) as TransitionName[]).filter((n) =>
  ORDER_TRANSITIONS[n].actors.includes('staff'),
);

/** The transitions a Geek may run on their own task (assign_geek is the take, on an offer). */
export const GEEK_ACTOR_TRANSITIONS = (Object.keys(ORDER_TRANSITIONS) as TransitionName[]).filter((n) =>
  ORDER_TRANSITIONS[n].actors.includes('geek'),
);

/** Runs one transition: the actor must be one it names and its guard must pass. */
export function runTransition<N extends TransitionName>(
  name: N,
  actor: TransitionActor,
  order: OrderState,
  input: TransitionInput<N>,
  ctx: Ctx,
): TransitionResult {
  const t = ORDER_TRANSITIONS[name] as Transition<TransitionInput<N>>;
  if (!t.actors.includes(actor)) return { ok: false, refusal: 'not_allowed' };
  const refusal = t.guard(order, input, ctx);
  if (refusal) return { ok: false, refusal };
  const { patch, effects = [] } = t.apply(order, input, ctx);
  return { ok: true, patch, effects };
}
