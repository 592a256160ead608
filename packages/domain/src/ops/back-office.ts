import { z } from 'zod';
import { GEEK_MESSAGES } from '../geeks/geek-schemas.ts';
import {
  OPERATOR_TRANSITIONS,
  type OrderState,
  runTransition,
  type TransitionName,
} from '../orders/order-machine.ts';
import { isLookingForGeek, type OrderStatusInput, paymentState } from '../orders/order-status.ts';
import { topUpAmountSchema } from '../payments/amount-schemas.ts';
import { emailField } from '../users/user-schemas.ts';

/** Decision 021: `admin` does everything; `support` has a refund limit and manages no staff accounts. */
export const STAFF_ROLES = ['admin', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a task in the queue needs from staff, in the order the queue shows the groups. */
export const QUEUE_GROUPS = [
  { id: 'check', label: 'Quality check' },
  { id: 'instructions', label: 'Instructions to check' },
  { id: 'assign', label: 'Geek to assign' },
  { id: 'deadline', label: 'Deadline close' },
  { id: 'revision', label: 'Revision requested' },
  { id: 'refund', label: 'Refund requested' },
  { id: 'messages', label: 'Unread client messages' },
] as const;
export type QueueGroup = (typeof QUEUE_GROUPS)[number]['id'];

/** A task in progress whose deadline is this close counts as "deadline close". */
export const DEADLINE_CLOSE_MS = 24 * 3_600_000;
/**
 * The back office's queue is read a page at a time, soonest deadline first, whether the whole queue or one group:
 * a screen of tasks, and an answer of the same size at ten thousand tasks and at a million (issue 36, decision 056).
 */
export const QUEUE_PAGE = 25;
/** A search through every task (`all`) answers this many at most, soonest deadline first. */
export const QUEUE_SEARCH_LIMIT = 200;

/** What queueGroup reads of a task: the back office's queue selects these columns and no other (issue 36). */
export type QueueGroupInput = Pick<
  OrderStatusInput,
  'system_client_status' | 'client_status' | 'tags' | 'geekId' | 'paidCents' | 'priceCents' | 'deadline'
>;

/**
 * The group of a task that needs staff, or null. The first that applies wins; a task with unread client
 * messages and nothing else to do is in `messages`.
 */
export function queueGroup(o: QueueGroupInput, unreadClientMessages: number, now: Date): QueueGroup | null {
  if (o.system_client_status === 'Refund Requested') return 'refund';
  // Decision 048: a Geek's delivery waiting for staff before the student sees it.
  if (o.tags.includes('quality_check')) return 'check';
  if (o.system_client_status === 'Revision Requested' || o.client_status === 'On revision') return 'revision';
  if (isLookingForGeek(o) && paymentState(o) !== 'unpaid')
    return o.tags.includes('instr_ok') ? 'assign' : 'instructions';
  if (
    o.system_client_status === 'In Progress' &&
    o.deadline !== null &&
    o.deadline.getTime() - now.getTime() < DEADLINE_CLOSE_MS
  )
    return 'deadline';
  return unreadClientMessages > 0 ? 'messages' : null;
}

/**
 * The operator transitions the state machine allows on the task now (assign_geek with some Geek): the back
 * office shows a button for each of these and no other.
 */
export function allowedOperatorTransitions(o: OrderState, now: Date): TransitionName[] {
  return OPERATOR_TRANSITIONS.filter((name) => {
    // Checking instructions again changes nothing: not offered once they are checked.
    if (name === 'accept_instructions' && o.tags.includes('instr_ok')) return false;
    const input =
      name === 'assign_geek' ? { geekId: 'any' } : name === 'return_to_geek' ? { note: 'any' } : {};
    // biome-ignore lint/suspicious/noExplicitAny: each name gets the input its transition takes
    return runTransition(name, 'staff', o, input as any, { now }).ok;
  });
}

/** The refund form's fields (docs/product/http-api.md `POST /ops/orders/{id}/refunds`). */
export const partialRefundSchema = z.object({
  amount: topUpAmountSchema.describe('US dollars, at most what is paid and not yet refunded'),
  to: z.enum(['balance', 'card']),
  memo: z.string().trim().min(1, 'Give a reason').max(500),
});

// PostgreSQL text cannot hold a NUL character: refused here (422) rather than failing in the insert (a 500).
export const noteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a note')
    .max(4000)
    .regex(/^[^\0]*$/, 'A note cannot contain a NUL character'),
});

export const geekPatchSchema = z
  .object({
    public_full_name: z.string().trim().min(1, GEEK_MESSAGES.nameRequired).max(100),
    major: z.string().trim().min(1, GEEK_MESSAGES.majorRequired).max(100),
    public_subjects: z.array(z.string().trim().min(1).max(100)).max(50),
    is_disabled: z.boolean(),
    /** Decision 047: a TOP Geek is offered the tasks with the 'TOP Geek' add-on. */
    top: z.boolean(),
  })
  .partial();

/** POST /ops/geeks (docs/product/http-api.md "Operator API"). */
/** POST /ops/geeks takes the Geek API's own schema. */
export { createGeekSchema as newGeekSchema } from '../geeks/geek-schemas.ts';

export const staffAccountSchema = z.object({
  email: emailField,
  password: z.string().min(12, 'At least 12 characters').max(128),
  staff_role: z.enum(STAFF_ROLES),
});

/** PATCH /ops/staff/{id} (decision 027): a new role, or the account disabled or enabled again. */
export const staffPatchSchema = z
  .object({ staff_role: z.enum(STAFF_ROLES), disabled: z.boolean() })
  .partial()
  .refine((p) => p.staff_role !== undefined || p.disabled !== undefined, 'Change the role or the access');
