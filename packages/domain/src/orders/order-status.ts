// docs/product/statuses-and-state-machine.md "States and transitions".
export const SYSTEM_CLIENT_STATUSES = [
  'New project',
  'Unpaid',
  'Deleted',
  'Paid',
  'In Progress',
  'Completed',
  'Refund Requested',
  'Refund Declined',
  'Refund Accepted',
  'Revision Requested',
  'Revision Completed',
  'Revision Declined',
] as const;
export type SystemClientStatus = (typeof SYSTEM_CLIENT_STATUSES)[number];

export const CLIENT_STATUSES = [
  'Sent',
  'Revision sent',
  'Nerd found',
  'In progress',
  'Final touches',
  'On revision',
  'Revision requested',
] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export type OrderStatusInput = {
  hasId: boolean;
  priceCents: number | null;
  paidCents: number;
  basePriceCents: number | null;
  system_client_status: SystemClientStatus;
  client_status: ClientStatus | null;
  tags: readonly string[];
  profile_arch: number;
  client_remove: boolean;
  client_paid_at_first: Date | null;
  deadline: Date | null;
  geekId: string | null;
  mark: number;
  force_review_at: Date | null;
  revision_accept_at: Date | null;
  refunded: boolean;
  /** Start and end of the current work (or revision) window, for the progress bar. */
  work_started_at: Date | null;
  work_window_end: Date | null;
};

type DisplayStatusKey =
  | 'new'
  | 'checking_instructions'
  | 'selecting_geek'
  | 'working'
  | 'refunded'
  | 'refund_requested'
  | 'revision_completed'
  | 'revision_in_progress'
  | 'revision_requested'
  | 'completed'
  | 'unpaid';

type DisplayStatus = {
  key: DisplayStatusKey;
  label: string;
  /** The line under the label (a wait estimate or what to do next), if any. */
  waitText: string | null;
  /** Progress bar width in percent, 0 to 100. */
  progress: number;
  /** docs/product/statuses-and-state-machine.md "Shown labels in list"; null where the list shows none. */
  listLabel: string | null;
  /** Rules 7 and 10 show "rated" and "not rated yet" variants. */
  rated: boolean;
};

const INSTRUCTION_CHECK_MS = 30 * 60_000; // docs/product/statuses-and-state-machine.md: instruction check window 30 minutes
const SELECTING_GEEK_THRESHOLD_MS = 6 * 3_600_000; // docs/product/statuses-and-state-machine.md: selecting-Geek threshold 6 hours

// docs/product/statuses-and-state-machine.md rule 2 ends on "recap_sent or instruction-ok tag": every instr_* tag of docs/product/statuses-and-state-machine.md records
// that an operator has checked the instructions (ok, or fixed), so any of them ends the check.
const INSTRUCTIONS_CHECKED_TAGS: readonly string[] = [
  'recap_sent',
  'instr_ok',
  'instr_fixed',
  'instr_fixed_minor',
  'instr_not_ok_fixed',
  'instr_not_ok_crucial_fixed',
];

// docs/product/statuses-and-state-machine.md: "Revision Declined and Refund Declined fall back to client_status to choose the shown status."
const isDeclined = (o: OrderStatusInput) =>
  o.system_client_status === 'Refund Declined' || o.system_client_status === 'Revision Declined';

/** docs/product/statuses-and-state-machine.md "Deleted". */
export function isDeleted(o: OrderStatusInput): boolean {
  return (
    o.profile_arch === 1 ||
    o.system_client_status === 'Deleted' ||
    o.tags.includes('delete_order') ||
    o.client_remove
  );
}

/** docs/product/statuses-and-state-machine.md "Payment": paid above 0; fully paid at or above the price, partially paid below it. */
export function paymentState(
  o: Pick<OrderStatusInput, 'paidCents' | 'priceCents'>,
): 'unpaid' | 'partially_paid' | 'fully_paid' {
  if (o.paidCents <= 0) return 'unpaid';
  if (o.priceCents !== null && o.paidCents >= o.priceCents) return 'fully_paid';
  return 'partially_paid';
}

/** docs/product/statuses-and-state-machine.md: "Paid, or Refund Declined with client status Nerd found or no Geek assigned". */
export function isLookingForGeek(
  o: Pick<OrderStatusInput, 'system_client_status' | 'client_status' | 'geekId'>,
): boolean {
  return (
    o.system_client_status === 'Paid' ||
    (o.system_client_status === 'Refund Declined' && (o.client_status === 'Nerd found' || !o.geekId))
  );
}

/** docs/product/statuses-and-state-machine.md: "Completed, or Sent without a forced review, or Sent with a refund declined". */
export function isCompleted(o: OrderStatusInput): boolean {
  return (
    o.system_client_status === 'Completed' ||
    (o.client_status === 'Sent' && (o.force_review_at === null || isDeclined(o)))
  );
}

/**
 * docs/product/statuses-and-state-machine.md: "Revision Completed, or Sent with revision accepted after force review, or Revision sent with
 * a refund declined". A declined revision falls back to client_status the same way (docs/product/statuses-and-state-machine.md).
 */
export function isRevisionCompleted(o: OrderStatusInput): boolean {
  const acceptedAfterForcedReview =
    o.client_status === 'Sent' &&
    o.force_review_at !== null &&
    o.revision_accept_at !== null &&
    o.revision_accept_at.getTime() >= o.force_review_at.getTime();
  return (
    o.system_client_status === 'Revision Completed' ||
    acceptedAfterForcedReview ||
    (o.client_status === 'Revision sent' && isDeclined(o))
  );
}

export function isRefunded(o: OrderStatusInput): boolean {
  return o.refunded || o.system_client_status === 'Refund Accepted';
}

export function isRefundRequested(o: OrderStatusInput): boolean {
  return o.system_client_status === 'Refund Requested';
}

/** docs/product/statuses-and-state-machine.md "Payment": unchangeable when partially or fully paid, refunded or refund-requested. */
export function isChangeable(o: OrderStatusInput): boolean {
  return paymentState(o) === 'unpaid' && !isRefunded(o) && !isRefundRequested(o);
}

// The spec names "Geek is working" without defining it: a Geek works while the order is In Progress and not
// yet delivered or on revision, or while a declined refund or revision falls back to a working client_status.
const WORKING_CLIENT_STATUSES: readonly (ClientStatus | null)[] = [
  null,
  'Nerd found',
  'In progress',
  'Final touches',
];
function isWorking(o: OrderStatusInput): boolean {
  return (
    (o.system_client_status === 'In Progress' || isDeclined(o)) &&
    WORKING_CLIENT_STATUSES.includes(o.client_status) &&
    !(isDeclined(o) && o.client_status === null)
  );
}

function isRevisionInProgress(o: OrderStatusInput): boolean {
  return o.client_status === 'On revision';
}

function isRevisionRequested(o: OrderStatusInput): boolean {
  return o.system_client_status === 'Revision Requested' || o.client_status === 'Revision requested';
}

/** docs/product/statuses-and-state-machine.md "Under review": sent to client, revision sent, revision requested, or in progress. */
export function isUnderReview(o: OrderStatusInput): boolean {
  return (
    o.client_status === 'Sent' ||
    o.client_status === 'Revision sent' ||
    o.client_status === 'Revision requested' ||
    o.client_status === 'In progress'
  );
}

const isRated = (o: OrderStatusInput) => o.mark > 0;

/**
 * docs/product/statuses-and-state-machine.md "Rating possible": not yet rated and (completed and paid, or refund requested or refunded, or
 * revision completed).
 */
export function canRate(o: OrderStatusInput): boolean {
  if (isRated(o) || isDeleted(o)) return false;
  return (
    (isCompleted(o) && paymentState(o) !== 'unpaid') ||
    isRefundRequested(o) ||
    isRefunded(o) ||
    isRevisionCompleted(o)
  );
}

/**
 * docs/product/statuses-and-state-machine.md "Refund can be requested": paid with no Geek, or fully paid with the Geek not working, and no
 * refund or revision pending.
 */
export function canRequestRefund(o: OrderStatusInput): boolean {
  if (isDeleted(o) || isRefunded(o) || isRefundRequested(o)) return false;
  if (isRevisionRequested(o) || isRevisionInProgress(o)) return false;
  const paid = paymentState(o);
  return (paid !== 'unpaid' && o.geekId === null) || (paid === 'fully_paid' && !isWorking(o));
}

/** docs/product/statuses-and-state-machine.md "Progress bar width": working or in revision, 40 plus 60 times the elapsed share, capped at 100. */
function windowProgress(o: OrderStatusInput, now: Date): number {
  const start = o.work_started_at?.getTime();
  const end = o.work_window_end?.getTime();
  if (start === undefined || end === undefined || end <= start) return 40;
  const share = Math.max(0, Math.min(1, (now.getTime() - start) / (end - start)));
  return Math.min(100, Math.round(40 + 60 * share));
}

const LOOKING_FOR_GEEK = 'Looking for a Geek';

/** The task status the client sees: docs/product/statuses-and-state-machine.md's eleven rules, first match wins. */
export function displayStatus(o: OrderStatusInput, now: Date): DisplayStatus {
  const rated = isRated(o);
  const status = (
    key: DisplayStatusKey,
    label: string,
    progress: number,
    waitText: string | null = null,
    listLabel: string | null = null,
  ): DisplayStatus => ({ key, label, waitText, progress, listLabel, rated });

  // 1. Progress: the spec gives deleted 100 and nothing for a task that is only new; that one starts empty.
  if (isDeleted(o)) return status('new', 'New Task', 100);
  if (!o.hasId || o.priceCents === null) return status('new', 'New Task', 0);

  if (isLookingForGeek(o)) {
    const firstPaid = o.client_paid_at_first?.getTime();
    // 2. Within the first 30 minutes (inclusive) after the first payment, until the instructions are checked.
    const checking =
      firstPaid !== undefined &&
      now.getTime() - firstPaid <= INSTRUCTION_CHECK_MS &&
      !o.tags.some((t) => INSTRUCTIONS_CHECKED_TAGS.includes(t));
    if (checking) {
      return status(
        'checking_instructions',
        'Checking your instructions',
        20,
        'Usually takes up to 10 min',
        LOOKING_FOR_GEEK,
      );
    }
    // 3. "within 6 hours of first payment" read as deadline − first payment ≤ 6 h.
    const urgent =
      firstPaid !== undefined &&
      o.deadline !== null &&
      o.deadline.getTime() - firstPaid <= SELECTING_GEEK_THRESHOLD_MS;
    return status(
      'selecting_geek',
      'Selecting the best Geek',
      20,
      urgent ? 'up to 30 min' : '30 min up to a few hours',
      LOOKING_FOR_GEEK,
    );
  }
  if (isWorking(o))
    return status('working', 'Geek is working', windowProgress(o, now), null, 'Geek is working'); // 4
  if (isRefunded(o)) return status('refunded', 'Refunded', 100, null, 'Refunded'); // 5
  if (isRefundRequested(o)) return status('refund_requested', 'Refund requested', 50); // 6
  if (isRevisionCompleted(o)) return status('revision_completed', 'Revision is completed', 100); // 7
  if (isRevisionInProgress(o)) {
    return status(
      'revision_in_progress',
      'Revision in progress',
      windowProgress(o, now),
      null,
      'Revision in progress',
    ); // 8
  }
  if (isRevisionRequested(o))
    return status('revision_requested', 'Revision requested', 20, null, 'Revision requested'); // 9
  if (isCompleted(o)) {
    // 10. "only part of the base price was paid": something paid, but less than the base price.
    const owesRest = o.basePriceCents !== null && o.paidCents > 0 && o.paidCents < o.basePriceCents;
    return status('completed', 'Task is completed', 100, owesRest ? 'Pay the remaining 70%' : null);
  }
  return status('unpaid', 'Unpaid', 100, 'Pay the deposit to get a Geek'); // 11
}

function isRevisionPending(o: OrderStatusInput): boolean {
  return isRevisionRequested(o) || isRevisionInProgress(o);
}

/**
 * The spec shows the 'Request revision' prompt "when a revision can be requested" without the rule; ours: a
 * paid task that was delivered (completed, or its last revision completed), with no refund and no revision
 * pending.
 */
export function canRequestRevision(o: OrderStatusInput): boolean {
  if (isDeleted(o) || isRefunded(o) || isRefundRequested(o) || isRevisionPending(o)) return false;
  if (paymentState(o) === 'unpaid') return false;
  return isCompleted(o) || isRevisionCompleted(o);
}

/**
 * docs/product/statuses-and-state-machine.md: the tip button shows when paid, tips not yet paid, and (not rated, or mark at least 4). The
 * spec's "no pending selection" is the rating screen's own state, so the browser adds it. A tip goes to the
 * task's Geek, so there must be one.
 */
export function canTip(o: OrderStatusInput, tipsPaidCents: number): boolean {
  if (isDeleted(o) || paymentState(o) === 'unpaid' || tipsPaidCents > 0 || o.geekId === null) return false;
  return !isRated(o) || o.mark >= 4;
}

/**
 * Changing a task's course (docs/product/tasks-and-pricing.md rename rule, docs/product/http-api.md "subject change for a group of orders"; decision 038):
 * until the work is delivered, never on a deleted, refunded or refund-requested task. The course never
 * changes the price (pricing does not read it; a paid task's price is frozen anyway).
 */
export function canChangeCourse(o: OrderStatusInput): boolean {
  if (isDeleted(o) || isRefunded(o) || isRefundRequested(o)) return false;
  return !DELIVERED_CLIENT_STATUSES.includes(o.client_status);
}

/**
 * Why a task keeps its course when its group's course changes (issue 34): its work was delivered, or its money
 * was refunded or asked back; null when it moves. A refunded task is never called delivered.
 */
export function subjectKeptBecause(o: OrderStatusInput): 'delivered' | 'refund' | null {
  if (canChangeCourse(o)) return null;
  if (isRefunded(o) || isRefundRequested(o)) return 'refund';
  return 'delivered';
}

/** The work was sent: first delivery, a revision asked, in progress or sent. */
const DELIVERED_CLIENT_STATUSES: readonly (ClientStatus | null)[] = [
  'Sent',
  'Revision sent',
  'Revision requested',
  'On revision',
];
