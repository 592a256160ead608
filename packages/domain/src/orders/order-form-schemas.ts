import { z } from 'zod';
import { findCourse } from '../courses/course-list.ts';
import { formatSize, MAX_PAGES, MIN_PAGES, parsePages, WORDS_PER_PAGE } from '../pricing/quote.ts';
import { ORDER_ADDITIONAL_FLAGS, ORDER_MESSAGES } from './order-schemas.ts';

// docs/product/tasks-and-pricing.md, docs/product/http-api.md. requestTypeTooLong is ours: the form caps the input at 30 characters, so the spec never
// shows a message for it; the server still needs one.
export const ORDER_FORM_MESSAGES = {
  requestTypeRequired: 'Please tell the Geek what you want done',
  requestTypeTooLong: 'Task type is limited to 30 characters',
  subjectNotInListRename: 'Please choose course from the list name',
  couponEmpty: 'Please, enter a coupon code.',
} as const;

/** docs/product/tasks-and-pricing.md: the request type (task type) holds at most 30 characters. */
export const REQUEST_TYPE_MAX = 30;

/** docs/product/tasks-and-pricing.md: the request type label of a new task. */
export const DEFAULT_REQUEST_TYPE_LABEL = 'Help me with my homework';

/**
 * docs/product/tasks-and-pricing.md: only leading spaces are trimmed, and the limit applies to the trimmed text. overwrite() keeps
 * this a plain string schema (like trim()), so JSON Schema and OpenAPI can still describe it.
 */
export const requestTypeField = z
  .string()
  .overwrite((s) => s.trimStart())
  .min(1, ORDER_FORM_MESSAGES.requestTypeRequired)
  .max(REQUEST_TYPE_MAX, ORDER_FORM_MESSAGES.requestTypeTooLong);

/** docs/product/tasks-and-pricing.md: the counter under the request type input, 'n/30'. Counts UTF-16 units, as the limit does. */
export function requestTypeCounter(value: string): string {
  return `${value.trimStart().length}/${REQUEST_TYPE_MAX}`;
}

/** docs/product/tasks-and-pricing.md: '1 page · 275 words', '2 pages · 550 words'. */
export function pagesLabel(pages: number, wordsPerPage: number = WORDS_PER_PAGE): string {
  return `${formatSize(pages)} · ${pages * wordsPerPage} words`;
}

/** docs/product/tasks-and-pricing.md: the page select offers 1 to 50. */
export const PAGE_OPTIONS: readonly number[] = Array.from(
  { length: MAX_PAGES - MIN_PAGES + 1 },
  (_, i) => MIN_PAGES + i,
);

/**
 * docs/product/tasks-and-pricing.md: a rename is trimmed, and an empty or unchanged entry discards the edit (null: send nothing).
 * The current title is compared trimmed too, so confirming an untouched edit never sends a request.
 */
export function renameTitle(current: string, entry: string): string | null {
  const title = entry.trim();
  return title === '' || title === current.trim() ? null : title;
}

/** The body of a rename (PATCH /orders/{id}, docs/product/http-api.md); the 200 cap matches createOrderSchema. */
export const renameSchema = z.object({
  title: z.string().trim().min(1, ORDER_MESSAGES.titleRequired).max(200),
});

/**
 * docs/product/tasks-and-pricing.md: on rename the subject must be one of the listed courses, ignoring case, with the rename wording
 * when it is not; it is stored under its canonical name.
 */
export const changeCourseSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, ORDER_MESSAGES.subjectRequired)
    // An empty entry already has its own message.
    .refine((s) => s === '' || findCourse(s) !== undefined, ORDER_FORM_MESSAGES.subjectNotInListRename)
    .transform((s) => findCourse(s) ?? s),
});

/** docs/product/http-api.md "subject change for a group of orders": the group's course and the new one. */
export const groupCourseChangeSchema = changeCourseSchema.extend({
  from: z.string().trim().min(1).max(200),
});

/** GET /orders/subject-change?from=…: how many of a group's tasks would move, said before the change (issue 34). */
export const groupSubjectPreviewQuerySchema = z.object({ from: z.string().trim().min(1).max(200) });
export const groupSubjectPreviewSchema = z.object({
  from: z.string(),
  moving: z.int().describe('tasks on this course that would move, whatever the list shows or has loaded'),
  kept_delivered: z.int().describe('tasks whose work was delivered: they keep their course'),
  kept_refund: z.int().describe('refunded or refund-requested tasks: they keep their course'),
});
export type GroupSubjectPreview = z.infer<typeof groupSubjectPreviewSchema>;

/** docs/product/tasks-and-pricing.md: coupon codes lose their spaces (all whitespace) and are upper-cased on apply. */
export function normalizeCouponCode(s: string): string {
  return s.replace(/\s+/g, '').toUpperCase();
}

/** The code sent to POST /discount_check (docs/product/http-api.md); empty gives the spec's 'empty' text (docs/product/http-api.md). */
export const couponCodeSchema = z
  .string()
  .overwrite(normalizeCouponCode)
  .min(1, ORDER_FORM_MESSAGES.couponEmpty)
  .max(50);

export const PATCH_MESSAGES = {
  // Ours: the page select offers 1 to 50 pages, so only a hand-made request sees this.
  pages: 'Please choose from 1 to 50 pages',
  deadline: 'Please choose a deadline within a year',
} as const;

/** The latest deadline a task may have; a guard against typos, not a spec rule. */
export const MAX_DEADLINE_DAYS = 365;

export const isDeadlineTooFar = (now: Date, deadline: Date) =>
  deadline.getTime() > now.getTime() + MAX_DEADLINE_DAYS * 24 * 3_600_000;

/**
 * PATCH /orders/{id} (docs/product/http-api.md). Prices the client sends are accepted and ignored: the server
 * computes quote_price, price and partial_price itself.
 */
export const orderPatchSchema = z.object({
  title: z.string().trim().min(1, ORDER_MESSAGES.titleRequired).max(200).optional(),
  details: z.string().max(20_000).optional(),
  size: z
    .string()
    .max(20)
    .refine((s) => parsePages(s) !== null, PATCH_MESSAGES.pages)
    .transform((s) => formatSize(parsePages(s) ?? 0))
    .optional(),
  deadline: z.iso.datetime({ offset: true }).optional(),
  request_type: requestTypeField.optional(),
  additional: z.array(z.enum(ORDER_ADDITIONAL_FLAGS)).max(ORDER_ADDITIONAL_FLAGS.length).optional(),
  // null or '' removes the code; a code is normalised as the coupon field does (docs/product/tasks-and-pricing.md).
  discount: z.string().max(50).transform(normalizeCouponCode).nullable().optional(),
  calc_quote: z.boolean().optional(),
  quote_price: z.unknown().optional().describe('ignored: the server computes it'),
  price: z.unknown().optional().describe('ignored: the server computes it'),
  partial_price: z.unknown().optional().describe('ignored: the server computes it'),
});
export type OrderEditBody = z.output<typeof orderPatchSchema>;
