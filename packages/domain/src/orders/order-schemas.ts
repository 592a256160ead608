import { z } from 'zod';
import { findCourse } from '../courses/course-list.ts';

export const ORDER_ADDITIONAL_FLAGS = [
  'partial_payment',
  'review_shown_on_client',
  'adv_plagreport',
  'adv_vip_support',
  'assigment_type_other',
  'assigment_type_presentation',
  'assigment_type_paper',
] as const;
export type OrderAdditionalFlag = (typeof ORDER_ADDITIONAL_FLAGS)[number];

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
export type OrderTag = (typeof ORDER_TAGS)[number];

// Seed 000 §5 (client area) and seed 001 §8 (landing task form) word the same rules differently.
export const ORDER_MESSAGES = {
  titleRequired: 'Please, name your task',
  subjectRequired: 'Tell us what course you are taking',
  subjectNotInList: 'Please choose course from the list',
  landingTitleRequired: 'Add your task name',
  landingSubjectRequired: 'Tell us what course you need help with',
} as const;

function subjectField(requiredMessage: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .refine((s) => findCourse(s) !== undefined, ORDER_MESSAGES.subjectNotInList)
    .transform((s) => findCourse(s) ?? s);
}

export const createOrderSchema = z.object({
  title: z.string().trim().min(1, ORDER_MESSAGES.titleRequired).max(200),
  subject: subjectField(ORDER_MESSAGES.subjectRequired),
  deadline: z.iso.datetime({ offset: true }).optional(),
  additional: z.array(z.enum(ORDER_ADDITIONAL_FLAGS)).max(ORDER_ADDITIONAL_FLAGS.length).optional(),
  type: z.string().trim().max(30).optional(),
});

export const landingTaskSchema = z.object({
  title: z.string().trim().min(1, ORDER_MESSAGES.landingTitleRequired).max(200),
  subject: subjectField(ORDER_MESSAGES.landingSubjectRequired),
});
