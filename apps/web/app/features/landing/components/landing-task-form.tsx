import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CoursePicker } from '../../../components/course-picker.tsx';
import { Field } from '../../../components/field.tsx';
import t from '../../../components/text-field.module.css';
import s from './landing-task-form.module.css';
import type { LandingTask, LandingTaskErrors } from './landing-task-validation.ts';

type Props = {
  /** Starts the task: creates it, or keeps it for after sign-up (composed by the route). */
  onTask: (task: LandingTask) => Promise<void>;
  /** Home's forms are open from the start; elsewhere the first click opens the form (docs/product/public-site.md). */
  startOpen?: boolean;
  /** Forms without a title field name the task after the month and course (docs/product/public-site.md). */
  showTitle?: boolean;
  submitLabel?: string;
  /** The paid landing: the button stays disabled until both fields have content (docs/product/public-site.md). */
  requireBoth?: boolean;
  /** Names the form for assistive technology. */
  label: string;
  id?: string;
};

const loadValidation = () => import('./landing-task-validation.ts');

/**
 * docs/product/public-site.md "Task form on landing pages", docs/product/public-site.md: task name and course, errors only after the first
 * submit click, then live; the button is disabled while an error shows and a spinner replaces it while
 * the task is being started.
 */
export function LandingTaskForm({
  onTask,
  startOpen = false,
  showTitle = true,
  submitLabel = 'Get help now',
  requireBoth = false,
  label,
  id,
}: Props) {
  const fieldId = useId();
  const [open, setOpen] = useState(startOpen);
  const [title, setTitle] = useState('');
  const [subject, setSubject] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<LandingTaskErrors>({});
  const [busy, setBusy] = useState(false);
  const firstField = useRef<HTMLDivElement>(null);

  // After the first submit click the messages follow the fields as they change.
  useEffect(() => {
    if (!submitted) return;
    let current = true;
    loadValidation().then(({ validateLandingTask }) => {
      if (current) setErrors(validateLandingTask(title, subject, showTitle).errors);
    });
    return () => {
      current = false;
    };
  }, [submitted, title, subject, showTitle]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!open) {
      setOpen(true);
      // Focus moves into the fields that just appeared.
      requestAnimationFrame(() => firstField.current?.querySelector('input')?.focus());
      return;
    }
    setSubmitted(true);
    const { validateLandingTask } = await loadValidation();
    const result = validateLandingTask(title, subject, showTitle);
    setErrors(result.errors);
    if (!result.task) return;
    setBusy(true);
    try {
      await onTask(result.task);
    } finally {
      setBusy(false);
    }
  };

  const hasError = Boolean(errors.title || errors.subject);
  const disabled = (open && submitted && hasError) || (requireBoth && (!title.trim() || !subject.trim()));
  const titleId = `${fieldId}-title`;
  const courseId = `${fieldId}-course`;

  return (
    <form
      id={id}
      className={open ? s.formOpen : s.form}
      onSubmit={submit}
      noValidate
      aria-label={label}
      // The public pages run this form as an island (decision 033): it is found, and rendered again with
      // the same props, from these attributes.
      data-island="task-form"
      data-island-props={JSON.stringify({ label, id, startOpen, showTitle, submitLabel, requireBoth })}
    >
      {open ? (
        <div className={s.fields} ref={firstField}>
          {showTitle ? (
            <Field id={titleId} label="Task name" error={submitted ? errors.title : null} className={s.field}>
              <input
                id={titleId}
                className={submitted && errors.title ? t.inputFullError : t.inputFull}
                placeholder="e.g. History essay outline"
                autoComplete="off"
                maxLength={200}
                value={title}
                aria-invalid={(submitted && Boolean(errors.title)) || undefined}
                aria-describedby={submitted && errors.title ? `${titleId}-error` : undefined}
                onChange={(e) => setTitle(e.target.value)}
              />
            </Field>
          ) : null}
          <Field id={courseId} label="Course" error={submitted ? errors.subject : null} className={s.field}>
            <CoursePicker
              id={courseId}
              value={subject}
              onChange={setSubject}
              invalid={submitted && Boolean(errors.subject)}
              describedBy={submitted && errors.subject ? `${courseId}-error` : undefined}
            />
          </Field>
        </div>
      ) : null}
      <div className={s.action}>
        {busy ? (
          <span className={s.spinner} role="status" aria-label="Starting your task" />
        ) : (
          <button type="submit" className={s.submit} disabled={disabled}>
            {submitLabel}
          </button>
        )}
      </div>
    </form>
  );
}
