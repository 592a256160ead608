import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { CoursePicker } from '../../courses/components/course-picker.tsx';
import { useCreateOrder } from '../api/create-order.ts';
import s from './mini-order-form.module.css';
import {
  type TaskDraftErrors as Errors,
  taskDraftServerErrors,
  validateTaskDraft as validate,
} from './task-draft-validation.ts';

/** Seed 000 §2/§5 "Mini order form": validated on submit, then live once both fields have content. */
export function MiniOrderForm() {
  const [title, setTitle] = useState('');
  const [subject, setSubject] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const create = useCreateOrder();
  const live = submitted || (title.trim() !== '' && subject.trim() !== '');
  const errors: Errors = { ...(live ? validate(title, subject) : {}), ...serverErrors };

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(validate(title, subject)).length > 0) return;
    create.mutate(
      { title: title.trim(), subject: subject.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setSubject('');
          setSubmitted(false);
        },
        onError: (err) => setServerErrors(taskDraftServerErrors(err)),
      },
    );
  }

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Add new task">
      <div className={s.field}>
        <input
          className={errors.title ? s.inputError : s.input}
          placeholder="Type your task name"
          aria-label="Type your task name"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'mini-title-error' : undefined}
          value={title}
          maxLength={200}
          onChange={(e) => {
            setTitle(e.target.value);
            setServerErrors({});
          }}
        />
        {errors.title ? (
          <p id="mini-title-error" className={s.error}>
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
          describedBy={errors.subject ? 'mini-subject-error' : undefined}
        />
        {errors.subject ? (
          <p id="mini-subject-error" className={s.error}>
            {errors.subject}
          </p>
        ) : null}
      </div>
      <Button type="submit" busy={create.isPending} disabled={create.isPending}>
        Add new task
      </Button>
      {errors.form ? (
        <p className={s.error} role="alert">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}
