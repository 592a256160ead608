import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { CoursePicker } from '../../../components/course-picker.tsx';
import t from '../../../components/text-field.module.css';
import s from './task-draft-fields.module.css';
import type { TaskDraftForm } from './use-task-draft-form.ts';

type Props = {
  form: TaskDraftForm;
  /** Extra class of the 'Add new task' button (the /create page's full width). */
  submitClassName?: string;
  /** The client's recent courses, for the course picker on the list page. */
  recentCourses?: readonly string[];
};

/**
 * The task name, the course picker, the 'Add new task' button and the form's error, as direct children of
 * the caller's <form> (which lays them out: one row in the mini form, a column on /create).
 */
export function TaskDraftFields({ form, submitClassName, recentCourses }: Props) {
  const titleErrorId = useId();
  const subjectErrorId = useId();
  const { errors } = form;
  return (
    <>
      <div className={s.field}>
        <input
          className={errors.title ? t.inputFullError : t.inputFull}
          placeholder="Type your task name"
          aria-label="Type your task name"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? titleErrorId : undefined}
          value={form.title}
          maxLength={200}
          onChange={(e) => form.changeTitle(e.target.value)}
        />
        {errors.title ? (
          <p id={titleErrorId} className={t.error}>
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className={s.field}>
        <CoursePicker
          value={form.subject}
          onChange={form.changeSubject}
          recent={recentCourses}
          invalid={Boolean(errors.subject)}
          describedBy={errors.subject ? subjectErrorId : undefined}
        />
        {errors.subject ? (
          <p id={subjectErrorId} className={t.error}>
            {errors.subject}
          </p>
        ) : null}
      </div>
      <Button type="submit" className={submitClassName} busy={form.pending} disabled={form.pending}>
        Add new task
      </Button>
      {errors.form ? (
        <p className={t.error} role="alert">
          {errors.form}
        </p>
      ) : null}
    </>
  );
}
