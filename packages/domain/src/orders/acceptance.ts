// The refund window and the client's acceptance of the work (issue 26 item 5, decision 036).
import {
  isCompleted,
  isDeleted,
  isRefunded,
  isRefundRequested,
  isRevisionCompleted,
  type OrderStatusInput,
  paymentState,
} from './order-status.ts';

const DAY_MS = 86_400_000;

/** The Terms and the Refund Policy: a refund may be requested within 60 days after the task was completed. */
const REFUND_WINDOW_DAYS = 60;

/** A delivered task the client neither accepts nor disputes counts as accepted this many days after delivery. */
export const AUTO_ACCEPT_DAYS = 14;

/**
 * The Geek's share of the task's work price (after its coupon, before add-ons), recorded on acceptance. The rest
 * is the platform charge the public pages state (docs/product/payments-and-ledger.md: 15%); both are read from here (decision 036).
 */
export const GEEK_SHARE_PERCENT = 85;

/** The platform's part of the work price: what the Terms, the FAQ, the prices and about-us call the charge. */
export const PLATFORM_CHARGE_PERCENT = 100 - GEEK_SHARE_PERCENT;

/** What acceptance reads besides the status. */
type AcceptanceInput = OrderStatusInput & {
  /** When the work, or its last revision, was delivered. */
  deliveredAt: Date | null;
  clientAcceptAt: Date | null;
  /** When the Geek's earning for the task was recorded (once per task). */
  geekEarnedAt: Date | null;
};

/** The last moment a refund may be requested; null before the task was delivered (no window runs yet). */
export function refundWindowEnd(deliveredAt: Date | null): Date | null {
  return deliveredAt ? new Date(deliveredAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS) : null;
}

/** True once 60 days have passed since the work was delivered. */
export function isRefundWindowOver(o: { deliveredAt: Date | null }, now: Date): boolean {
  const end = refundWindowEnd(o.deliveredAt);
  return end !== null && now.getTime() > end.getTime();
}

const isRevisionPending = (o: OrderStatusInput) =>
  o.system_client_status === 'Revision Requested' ||
  o.client_status === 'Revision requested' ||
  o.client_status === 'On revision';

export const isWorkAccepted = (o: AcceptanceInput) =>
  o.clientAcceptAt !== null || o.tags.includes('client_accept');

/**
 * The Geek's earning can be recorded: a delivered (completed or revision-completed), fully paid task with its
 * Geek, no refund asked or given, no revision pending, and no earning recorded yet.
 */
export function canRecordEarning(o: AcceptanceInput): boolean {
  if (o.geekEarnedAt !== null) return false;
  if (isDeleted(o) || isRefunded(o) || isRefundRequested(o) || isRevisionPending(o)) return false;
  if (o.geekId === null || o.deliveredAt === null || paymentState(o) !== 'fully_paid') return false;
  return isCompleted(o) || isRevisionCompleted(o);
}

/** 'Accept the work': a task whose earning can be recorded and that the client has not accepted yet. */
export function canAcceptWork(o: AcceptanceInput): boolean {
  return !isWorkAccepted(o) && canRecordEarning(o);
}

/** When the clock accepts the task for the client: AUTO_ACCEPT_DAYS after its last delivery. */
export function autoAcceptAt(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + AUTO_ACCEPT_DAYS * DAY_MS);
}

/**
 * The clock records the earning of a task accepted by the client (a 4–5 mark on a task paid in full only
 * later) and accepts, for the client, one delivered AUTO_ACCEPT_DAYS ago.
 */
export function isAutoAcceptDue(o: AcceptanceInput, now: Date): boolean {
  if (!canRecordEarning(o) || o.deliveredAt === null) return false;
  return isWorkAccepted(o) || autoAcceptAt(o.deliveredAt).getTime() <= now.getTime();
}

/** The Geek's earning for a task: GEEK_SHARE_PERCENT of its work price, rounded down to the cent. */
export function geekEarningCents(workCents: number): number {
  return Math.floor((Math.max(0, workCents) * GEEK_SHARE_PERCENT) / 100);
}
