import { z } from 'zod';
import { ADD_ON_SERVICES } from '../pricing/add-ons.ts';
import { roundUpToHour } from './deadline.ts';
import { changeCourseSchema } from './order-form-schemas.ts';

// Bodies of the order actions posted to POST /orders/{id} (docs/product/http-api.md) and the client forms behind them.

const HOUR_MS = 3_600_000;

// ---- Rating (docs/product/statuses-and-state-machine.md "Rating flow", docs/product/statuses-and-state-machine.md) ----

export const RATING_TAGS = ['content', 'deadline', 'plagiarism', 'format', 'attentiveness', 'other'] as const;
export type RatingTag = (typeof RATING_TAGS)[number];

export type RatingMark = 1 | 2 | 3 | 4 | 5;

export const RATING_LABELS: Readonly<Record<RatingMark, string>> = {
  1: "It's horrible",
  2: "It's bad",
  3: "It's disappointing",
  4: "It's good",
  5: "It's great!",
};

export const RATING_MESSAGES = {
  tagsRequired: 'Please, choose at least 1 reason',
  detailsRequired: 'Please, add some details',
} as const;

/** docs/product/statuses-and-state-machine.md: marks of 4 or more are positive. */
export const isPositiveMark = (mark: number) => mark >= 4;

export const clientFeedbackSchema = z
  .object({
    action: z.literal('client_feedback'),
    mark: z.int().min(1).max(5),
    feedback: z.string().trim().max(5000).optional(),
    tags: z
      .array(z.enum(RATING_TAGS))
      .max(RATING_TAGS.length)
      .refine((tags) => new Set(tags).size === tags.length, 'Each reason can be chosen only once')
      .optional(),
  })
  .superRefine((v, ctx) => {
    // docs/product/statuses-and-state-machine.md: negative marks need a reason; the 'other' reason needs words.
    if (!isPositiveMark(v.mark) && (v.tags?.length ?? 0) === 0) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: RATING_MESSAGES.tagsRequired });
    }
    if (v.tags?.includes('other') && !v.feedback) {
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: RATING_MESSAGES.detailsRequired });
    }
  });

// ---- Revision (docs/product/statuses-and-state-machine.md, docs/product/tasks-and-pricing.md) ----

/** docs/product/tasks-and-pricing.md hides the constant; the notice text says 24 hours. */
export const REVISION_MIN_LEAD_HOURS = 24;

export const REVISION_MESSAGES = {
  commentRequired: 'Please, tell us what has to be changed in your order',
  leadNotice: 'Please give us at least 24 hours to complete your revision.',
} as const;

export function earliestRevisionDeadline(now: Date): Date {
  return new Date(now.getTime() + REVISION_MIN_LEAD_HOURS * HOUR_MS);
}

/** docs/product/statuses-and-state-machine.md: the lead ahead, rounded up to the next full hour. */
export function defaultRevisionDeadline(now: Date): Date {
  return roundUpToHour(earliestRevisionDeadline(now));
}

export function isRevisionDeadlineTooEarly(now: Date, deadline: Date): boolean {
  return deadline.getTime() < earliestRevisionDeadline(now).getTime();
}

/** docs/product/statuses-and-state-machine.md: 'We can do revision only by {date} at {time}'; the caller formats the earliest deadline. */
export function revisionTooEarlyMessage(dateText: string, timeText: string): string {
  return `We can do revision only by ${dateText} at ${timeText}`;
}

/**
 * The lead is not checked here because it depends on the clock: the caller checks revision_deadline with
 * isRevisionDeadlineTooEarly.
 */
export const clientRevisionSchema = z.object({
  action: z.literal('client_revision'),
  comment: z.string().trim().min(1, REVISION_MESSAGES.commentRequired).max(10_000),
  revision_deadline: z.iso.datetime({ offset: true }),
  files: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
});

// ---- Refund (docs/product/statuses-and-state-machine.md) ----

// The spec names no reasons; these keys and labels are ours.
export const REFUND_REASONS = [
  'quality',
  'deadline',
  'no_longer_needed',
  'found_elsewhere',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABELS: Readonly<Record<RefundReason, string>> = {
  quality: 'The quality of the work is poor',
  deadline: 'The deadline was missed',
  no_longer_needed: 'I no longer need this task',
  found_elsewhere: 'I found help elsewhere',
  other: 'Other reason',
};

/** docs/product/payments-and-ledger.md: step 2 of the refund popup, default balance. */
export const REFUND_DESTINATIONS = ['balance', 'card'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const DEFAULT_REFUND_DESTINATION: RefundDestination = 'balance';

// The spec only disables the send button; these texts are ours.
export const REFUND_MESSAGES = {
  reasonRequired: 'Please, choose a reason',
  messageRequired: 'Please, tell us why you want a refund',
} as const;

export const refundFormSchema = z
  .object({
    reason: z.enum(REFUND_REASONS, { error: REFUND_MESSAGES.reasonRequired }),
    message: z.string().trim().max(5000).optional(),
    destination: z.enum(REFUND_DESTINATIONS).default(DEFAULT_REFUND_DESTINATION),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: REFUND_MESSAGES.messageRequired });
    }
  });
type RefundForm = z.output<typeof refundFormSchema>;

/**
 * docs/product/statuses-and-state-machine.md: the comment is '{refund destination} - {message or reason}'. The destination is its key
 * ('balance', 'card'); without a message the reason's label stands in.
 */
export function refundComment(form: RefundForm): string {
  const message = form.message?.trim();
  return `${form.destination} - ${message ? message : REFUND_REASON_LABELS[form.reason]}`;
}

export const clientRefundSchema = z.object({
  action: z.literal('client_refund'),
  comment: z.string().trim().min(1, REFUND_MESSAGES.messageRequired).max(10_000),
  refund_to: z.enum(REFUND_DESTINATIONS).optional(),
});

// ---- Add-ons and removal (docs/product/http-api.md "add-on change", docs/product/tasks-and-pricing.md tag delete_order / client_remove) ----

const serviceChange = {
  tag: z.enum(ADD_ON_SERVICES),
  /** docs/product/http-api.md: the Preferred Geek's id. */
  writer_id: z.string().trim().max(100).optional(),
};
const serviceAddSchema = z.object({ action: z.literal('service_add'), ...serviceChange });
const serviceDeleteSchema = z.object({ action: z.literal('service_delete'), ...serviceChange });
/** One task's course (docs/product/tasks-and-pricing.md rename rule, decision 038). */
const clientSubjectSchema = changeCourseSchema.extend({ action: z.literal('client_subject') });
/** 'Accept the work' on a delivered task (decision 036). */
const clientAcceptSchema = z.object({ action: z.literal('client_accept') });
/** Deleting an unpaid task the client no longer needs. */
const clientRemoveSchema = z.object({ action: z.literal('client_remove') });

/** POST /orders/{id}: one of the client's order actions. */
export const orderActionSchema = z.discriminatedUnion('action', [
  clientFeedbackSchema,
  clientRevisionSchema,
  clientRefundSchema,
  serviceAddSchema,
  serviceDeleteSchema,
  clientRemoveSchema,
  clientAcceptSchema,
  clientSubjectSchema,
]);
export type OrderActionBody = z.output<typeof orderActionSchema>;
