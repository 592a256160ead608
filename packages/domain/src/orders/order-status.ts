// Seed 000 §4 "States and transitions".
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
  writerId: string | null;
  mark: number;
  force_review_at: Date | null;
  revision_accept_at: Date | null;
  refunded: boolean;
  /** Start and end of the current work (or revision) window, for the progress bar. */
  work_started_at: Date | null;
  work_window_end: Date | null;
};

export type DisplayStatusKey =
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

export type DisplayStatus = {
  key: DisplayStatusKey;
  label: string;
  waitText: string | null;
  progress: number;
  listLabel: string | null;
};

const INSTRUCTION_CHECK_MS = 30 * 60_000; // seed 000 §9: instruction check window 30 minutes
const SELECTING_GEEK_THRESHOLD_MS = 6 * 3_600_000; // seed 000 §9: selecting-Geek threshold 6 hours
const INSTRUCTION_TAGS = [
  'recap_sent',
  'instr_ok',
  'instr_fixed',
  'instr_fixed_minor',
  'instr_not_ok_fixed',
  'instr_not_ok_crucial_fixed',
];

export function isDeleted(o: OrderStatusInput): boolean {
  return (
    o.profile_arch === 1 ||
    o.system_client_status === 'Deleted' ||
    o.tags.includes('delete_order') ||
    o.client_remove
  );
}

export function paymentState(o: OrderStatusInput): 'unpaid' | 'partially_paid' | 'fully_paid' {
  if (o.paidCents <= 0) return 'unpaid';
  if (o.priceCents !== null && o.paidCents >= o.priceCents) return 'fully_paid';
  return 'partially_paid';
}

export function isLookingForGeek(o: OrderStatusInput): boolean {
  return (
    o.system_client_status === 'Paid' ||
    (o.system_client_status === 'Refund Declined' && (o.client_status === 'Nerd found' || !o.writerId))
  );
}

export function isCompleted(o: OrderStatusInput): boolean {
  return (
    o.system_client_status === 'Completed' ||
    (o.client_status === 'Sent' && (!o.force_review_at || o.system_client_status === 'Refund Declined'))
  );
}

export function isRevisionCompleted(o: OrderStatusInput): boolean {
  const acceptedAfterForcedReview =
    o.client_status === 'Sent' &&
    o.force_review_at !== null &&
    o.revision_accept_at !== null &&
    o.revision_accept_at >= o.force_review_at;
  return (
    o.system_client_status === 'Revision Completed' ||
    acceptedAfterForcedReview ||
    (o.client_status === 'Revision sent' && o.system_client_status === 'Refund Declined')
  );
}

const isRefunded = (o: OrderStatusInput) => o.refunded || o.system_client_status === 'Refund Accepted';

/** Changeable until any payment, a refund or a refund request (seed 000 §4 "Payment"). */
export function isChangeable(o: OrderStatusInput): boolean {
  return paymentState(o) === 'unpaid' && !isRefunded(o) && o.system_client_status !== 'Refund Requested';
}

function isWorking(o: OrderStatusInput): boolean {
  return (
    o.system_client_status === 'In Progress' &&
    (o.client_status === null ||
      o.client_status === 'In progress' ||
      o.client_status === 'Final touches' ||
      o.client_status === 'Nerd found')
  );
}

function windowProgress(o: OrderStatusInput, now: Date): number {
  const start = o.work_started_at?.getTime();
  const end = o.work_window_end?.getTime();
  if (start === undefined || end === undefined || end <= start) return 40;
  const share = Math.max(0, Math.min(1, (now.getTime() - start) / (end - start)));
  return Math.min(100, Math.round(40 + 60 * share));
}

const status = (
  key: DisplayStatusKey,
  label: string,
  progress: number,
  waitText: string | null = null,
  listLabel: string | null = null,
): DisplayStatus => ({ key, label, waitText, progress, listLabel });

/** The task status the client sees: seed 000 §4's eleven rules, first match wins. */
export function displayStatus(o: OrderStatusInput, now: Date): DisplayStatus {
  if (!o.hasId || o.priceCents === null || isDeleted(o))
    return status('new', 'New Task', isDeleted(o) ? 100 : 0);
  if (isLookingForGeek(o)) {
    const firstPaid = o.client_paid_at_first?.getTime();
    const checking =
      firstPaid !== undefined &&
      now.getTime() - firstPaid <= INSTRUCTION_CHECK_MS &&
      !o.tags.some((t) => INSTRUCTION_TAGS.includes(t));
    if (checking) {
      return status(
        'checking_instructions',
        'Checking your instructions',
        20,
        'Usually takes up to 10 min',
        'Looking for a Geek',
      );
    }
    const urgent =
      firstPaid !== undefined &&
      o.deadline !== null &&
      o.deadline.getTime() - firstPaid <= SELECTING_GEEK_THRESHOLD_MS;
    return status(
      'selecting_geek',
      'Selecting the best Geek',
      20,
      urgent ? 'up to 30 min' : '30 min up to a few hours',
      'Looking for a Geek',
    );
  }
  if (isWorking(o))
    return status('working', 'Geek is working', windowProgress(o, now), null, 'Geek is working');
  if (isRefunded(o)) return status('refunded', 'Refunded', 100, null, 'Refunded');
  if (o.system_client_status === 'Refund Requested')
    return status('refund_requested', 'Refund requested', 50);
  if (isRevisionCompleted(o)) return status('revision_completed', 'Revision is completed', 100);
  if (o.client_status === 'On revision') {
    return status(
      'revision_in_progress',
      'Revision in progress',
      windowProgress(o, now),
      null,
      'Revision in progress',
    );
  }
  if (o.system_client_status === 'Revision Requested' || o.client_status === 'Revision requested') {
    return status('revision_requested', 'Revision requested', 20, null, 'Revision requested');
  }
  if (isCompleted(o)) {
    const owesRest = o.basePriceCents !== null && o.paidCents > 0 && o.paidCents < o.basePriceCents;
    return status('completed', 'Task is completed', 100, owesRest ? 'Pay the remaining 70%' : null);
  }
  return status('unpaid', 'Unpaid', 100, 'Pay the deposit to get a Geek');
}
