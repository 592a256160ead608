import { recentCourses } from '@geekly/domain/courses/course-search.ts';
import { useMemo } from 'react';
import { useFirstOrdersPage } from '../../../lib/order-queries.ts';
import s from './mini-order-form.module.css';
import { TaskDraftFields } from './task-draft-fields.tsx';
import { useTaskDraftForm } from './use-task-draft-form.ts';

/** docs/product/tasks-and-pricing.md "Mini order form": validated on submit, then live once both fields have content. */
export function MiniOrderForm() {
  // The list reloads with the new task (useCreateOrder); the form empties for the next one.
  const form = useTaskDraftForm((_created, reset) => reset());
  // The list's first page, newest first (the chat button reads the same query, so it is usually cached).
  const orders = useFirstOrdersPage();
  const recent = useMemo(
    () => recentCourses((orders.data?.results ?? []).map((o) => o.subject)),
    [orders.data],
  );
  // docs/product/tasks-and-pricing.md: "skeletons replace inputs while loading" — while the client's recent courses are not known
  // yet, so the course picker never opens on the wrong list. A failed load shows the form without them.
  const loading = orders.isPending;
  return (
    <form
      className={s.form}
      onSubmit={form.submit}
      noValidate
      aria-label="Add new task"
      aria-busy={loading || undefined}
      data-testid="mini-order-form"
    >
      {loading ? (
        <>
          <span className={s.skeletonField} aria-hidden="true" data-testid="mini-form-skeleton" />
          <span className={s.skeletonField} aria-hidden="true" />
          <span className={s.skeletonButton} aria-hidden="true" />
        </>
      ) : (
        <TaskDraftFields form={form} recentCourses={recent} />
      )}
    </form>
  );
}
