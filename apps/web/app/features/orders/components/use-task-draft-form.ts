import { type FormEvent, useState } from 'react';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { type TaskDraftErrors, taskDraftServerErrors, validateTaskDraft } from './task-draft-validation.ts';

/** What the form does once the task is added: `reset` empties the fields and stops live validation. */
type OnCreated = (created: { _id: string }, reset: () => void) => void;

/**
 * docs/product/tasks-and-pricing.md: the task draft (task name and course) of the mini order form and the /create page.
 * Validated on submit, then live once both fields have content; a server error shows until a field changes.
 */
export function useTaskDraftForm(onCreated: OnCreated) {
  const [title, setTitle] = useState('');
  const [subject, setSubject] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TaskDraftErrors>({});
  const create = useCreateOrder();
  const live = submitted || (title.trim() !== '' && subject.trim() !== '');
  const errors: TaskDraftErrors = { ...(live ? validateTaskDraft(title, subject) : {}), ...serverErrors };

  const reset = () => {
    setTitle('');
    setSubject('');
    setSubmitted(false);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(validateTaskDraft(title, subject)).length > 0) {
      focusFirstInvalid(e.currentTarget as HTMLFormElement);
      return;
    }
    create.mutate(
      { title: title.trim(), subject: subject.trim() },
      {
        onSuccess: (created) => onCreated(created, reset),
        onError: (err) => {
          setServerErrors(taskDraftServerErrors(err));
          focusFirstInvalid(form);
        },
      },
    );
  }

  return {
    title,
    subject,
    errors,
    pending: create.isPending,
    submit,
    changeTitle: (value: string) => {
      setTitle(value);
      setServerErrors({});
    },
    changeSubject: (value: string) => {
      setSubject(value);
      setServerErrors({});
    },
  };
}

export type TaskDraftForm = ReturnType<typeof useTaskDraftForm>;
