import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/button.tsx';
import { CoursePicker } from '../features/courses/components/course-picker.tsx';
import { useCreateOrder } from '../features/orders/api/create-order.ts';
import {
  type TaskDraftErrors,
  taskDraftServerErrors,
  validateTaskDraft,
} from '../features/orders/components/task-draft-validation.ts';
import s from './create.module.css';

export function meta() {
  return [{ title: 'Add new task — Geekly' }];
}

/**
 * Where the close link goes (seed 000 §2): back to /my-geeks when the user came from the Geeks page,
 * otherwise /orders. "Came from the Geeks page" is signalled by navigation state, not a query param:
 * the Geeks page links here with `<Link to="/create" state={{ from: '/my-geeks' }}>`.
 */
function closeTarget(state: unknown): '/my-geeks' | '/orders' {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return from === '/my-geeks' ? '/my-geeks' : '/orders';
}

/** Seed 000 §2 '/create': the full-page task form, validated like the mini form (§5). */
export default function CreateRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const [title, setTitle] = useState('');
  const [subject, setSubject] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TaskDraftErrors>({});
  const headingId = useId();
  const titleErrorId = useId();
  const subjectErrorId = useId();
  // §5: validation runs on submit and live once both fields have content.
  const live = submitted || (title.trim() !== '' && subject.trim() !== '');
  const errors: TaskDraftErrors = { ...(live ? validateTaskDraft(title, subject) : {}), ...serverErrors };

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(validateTaskDraft(title, subject)).length > 0) return;
    create.mutate(
      { title: title.trim(), subject: subject.trim() },
      {
        onSuccess: ({ _id }) => navigate(`/orders/${_id}/created`),
        onError: (err) => setServerErrors(taskDraftServerErrors(err)),
      },
    );
  }

  return (
    <section className={s.card} aria-labelledby={headingId}>
      <div className={s.head}>
        <h1 id={headingId} className={s.title}>
          Add new task
        </h1>
        <Link to={closeTarget(location.state)} className={s.close} aria-label="Close">
          ×
        </Link>
      </div>
      <p className={s.lead}>We cover 100+ courses</p>
      <form className={s.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
        <div className={s.field}>
          <input
            className={errors.title ? s.inputError : s.input}
            placeholder="Type your task name"
            aria-label="Type your task name"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? titleErrorId : undefined}
            value={title}
            maxLength={200}
            onChange={(e) => {
              setTitle(e.target.value);
              setServerErrors({});
            }}
          />
          {errors.title ? (
            <p id={titleErrorId} className={s.error}>
              {errors.title}
            </p>
          ) : null}
        </div>
        <div className={s.field}>
          <CoursePicker
            value={subject}
            onChange={(v) => {
              setSubject(v);
              setServerErrors({});
            }}
            invalid={Boolean(errors.subject)}
            describedBy={errors.subject ? subjectErrorId : undefined}
          />
          {errors.subject ? (
            <p id={subjectErrorId} className={s.error}>
              {errors.subject}
            </p>
          ) : null}
        </div>
        <Button type="submit" className={s.submit} busy={create.isPending} disabled={create.isPending}>
          Add new task
        </Button>
        {errors.form ? (
          <p className={s.error} role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </section>
  );
}
