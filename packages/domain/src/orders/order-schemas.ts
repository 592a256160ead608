import { z } from 'zod';
import { findCourse } from '../courses/course-list.ts';
import { MONTHS } from './deadline.ts';

export const ORDER_ADDITIONAL_FLAGS = [
  'partial_payment',
  'review_shown_on_client',
  'adv_plagreport',
  'adv_vip_support',
  'assigment_type_other',
  'assigment_type_presentation',
  'assigment_type_paper',
] as const;

export const ORDER_TAGS = [
  'delete_order',
  'no_feedback_1d',
  'client_accept',
  'recap_sent',
  'instr_ok',
  'instr_fixed',
  'instr_fixed_minor',
  'instr_not_ok_fixed',
  'instr_not_ok_crucial_fixed',
] as const;

// docs/product/tasks-and-pricing.md (client area) and docs/product/public-site.md (landing task form) word the same rules differently.
export const ORDER_MESSAGES = {
  titleRequired: 'Please, name your task',
  subjectRequired: 'Tell us what course you are taking',
  subjectNotInList: 'Please choose course from the list',
  landingTitleRequired: 'Add your task name',
  landingSubjectRequired: 'Tell us what course you need help with',
} as const;

// docs/product/tasks-and-pricing.md, docs/product/account.md: the subject, trimmed, must be exactly one of the listed courses, ignoring case;
// it is stored under its canonical name.
function subjectField(requiredMessage: string) {
  return (
    z
      .string()
      .trim()
      .min(1, requiredMessage)
      // An empty entry already has its own message.
      .refine((s) => s === '' || findCourse(s) !== undefined, ORDER_MESSAGES.subjectNotInList)
      .transform((s) => findCourse(s) ?? s)
  );
}

/** POST /orders (docs/product/http-api.md): title, subject, optional deadline, additional flags and request type. */
export const createOrderSchema = z.object({
  title: z.string().trim().min(1, ORDER_MESSAGES.titleRequired).max(200),
  subject: subjectField(ORDER_MESSAGES.subjectRequired),
  deadline: z.iso.datetime({ offset: true }).optional(),
  additional: z.array(z.enum(ORDER_ADDITIONAL_FLAGS)).max(ORDER_ADDITIONAL_FLAGS.length).optional(),
  type: z.string().trim().max(30).optional(),
  // docs/product/public-site.md "toid": the id the landing form made for a task started while logged out; the same toid
  // creates the task once (decision 011).
  toid: z.string().trim().min(1).max(100).optional(),
});

/**
 * docs/product/tasks-and-pricing.md `POST /orders`: a new task is sent with type 'Essay writing' and the `partial_payment` add-on
 * ticked, so it has a price (the 30% deposit first) as soon as its pages are chosen (the deadline defaults to
 * 72 hours ahead). The browser sends these with every new task.
 */
export const NEW_TASK_DEFAULTS = {
  type: 'Essay writing',
  additional: ['partial_payment'],
} as const satisfies Pick<z.input<typeof createOrderSchema>, 'type' | 'additional'>;

/** docs/product/public-site.md: the landing task form (task name and course), with the landing wording of docs/product/public-site.md. */
export const landingTaskSchema = z.object({
  title: z.string().trim().min(1, ORDER_MESSAGES.landingTitleRequired).max(200),
  subject: subjectField(ORDER_MESSAGES.landingSubjectRequired),
});

/**
 * docs/product/public-site.md: a landing form without a title field names the task '{current month name} {subject} task'.
 * The month is the one of `now` in the runtime's time zone (the visitor's, in the browser).
 */
export function defaultTaskTitle(subject: string, now: Date): string {
  return `${MONTHS[now.getMonth()] ?? ''} ${subject.trim()} task`;
}
