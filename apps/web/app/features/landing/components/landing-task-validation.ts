import { defaultTaskTitle, landingTaskSchema } from '@geekly/domain/orders/order-schemas.ts';

export type LandingTaskErrors = { title?: string; subject?: string };
export type LandingTask = { title: string; subject: string };

/**
 * docs/product/public-site.md: the landing form's rules and messages, from the shared schema. A form without a title
 * field names the task '{current month name} {subject} task' (docs/product/public-site.md). Loaded on the first submit only,
 * so the schema library stays out of the landing page's first load.
 */
export function validateLandingTask(
  title: string,
  subject: string,
  showTitle: boolean,
): { task: LandingTask | null; errors: LandingTaskErrors } {
  const parsed = landingTaskSchema.safeParse({
    title: showTitle ? title : defaultTaskTitle(subject, new Date()),
    subject,
  });
  if (parsed.success) return { task: parsed.data, errors: {} };
  const errors: LandingTaskErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'title' || field === 'subject') errors[field] ??= issue.message;
  }
  // Without a title field its title is derived from the course: only the course can be wrong.
  if (!showTitle) delete errors.title;
  return { task: null, errors };
}
