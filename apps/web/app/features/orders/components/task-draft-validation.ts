import { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** Field errors of a task draft (task name and course), plus a form-level error from the server. */
export type TaskDraftErrors = { title?: string; subject?: string; form?: string };

/**
 * docs/product/tasks-and-pricing.md: the first message per field of the shared `createOrderSchema`
 * ('Please, name your task', 'Tell us what course you are taking', 'Please choose course from the list').
 * Used by the mini order form and the /create page.
 */
export function validateTaskDraft(title: string, subject: string): TaskDraftErrors {
  const parsed = createOrderSchema.safeParse({ title, subject });
  if (parsed.success) return {};
  const errors: TaskDraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'title' || field === 'subject') errors[field] ??= issue.message;
  }
  return errors;
}

/** A failed create call as draft errors: a 422's field messages, otherwise the error text. */
export function taskDraftServerErrors(err: unknown): TaskDraftErrors {
  return err instanceof ApiError
    ? // A limit (decision 052's new tasks per hour) says when to try again.
      { ...err.fieldErrors, form: !err.type || err.type === 'rate_limited' ? err.text : undefined }
    : { form: 'Unknown error' };
}
