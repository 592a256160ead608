import { COURSES } from '@geekly/domain/courses/course-list.ts';
import { renameSubjectSchema } from '@geekly/domain/orders/order-form-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import s from './course-change.module.css';

type Target = { kind: 'task'; orderId: string } | { kind: 'group'; from: string };

/** POST /orders/{id} client_subject, or POST /orders/subject-change for a group (decision 038). */
function useChangeCourse(target: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subject: string) =>
      target.kind === 'task'
        ? api(`/orders/${encodeURIComponent(target.orderId)}`, {
            body: { action: 'client_subject', subject },
          })
        : api('/orders/subject-change', { body: { from: target.from, subject } }),
    // The list regroups and the task shows its new course.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/**
 * Seed 000 §5: the course must be one of the list's, matched without case ('Please choose course from the list
 * name' otherwise); an empty entry cancels. For a group it moves the tasks that still allow it.
 */
export function CourseChangeDialog({
  target,
  current,
  onClose,
}: {
  target: Target;
  current: string;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<number | null>(null);
  const change = useChangeCourse(target);
  const ids = useId();
  if (kept !== null)
    return (
      <Dialog title="Course changed" onClose={onClose}>
        <p className={s.text}>
          {kept === 1 ? 'One delivered task keeps its course.' : `${kept} delivered tasks keep their course.`}
        </p>
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </Dialog>
    );
  return (
    <Dialog
      title={target.kind === 'group' ? `Change the course of ${current}` : 'Change course'}
      onClose={onClose}
    >
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          // Seed 000 §5: an empty entry cancels.
          if (value.trim() === '') return onClose();
          const parsed = renameSubjectSchema.safeParse({ subject: value });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Unknown error');
          if (parsed.data.subject === current) return onClose();
          change.mutate(parsed.data.subject, {
            onSuccess: (answer) => {
              const k = (answer as { kept?: number } | undefined)?.kept ?? 0;
              if (target.kind === 'group' && k > 0) setKept(k);
              else onClose();
            },
            onError: (err) =>
              setError(err instanceof ApiError ? (err.fieldErrors.subject ?? err.text) : 'Unknown error'),
          });
        }}
      >
        <label htmlFor={`${ids}-course`} className={s.label}>
          Choose your course
        </label>
        <input
          id={`${ids}-course`}
          className={s.input}
          list={`${ids}-courses`}
          value={value}
          placeholder={current}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
        <datalist id={`${ids}-courses`}>
          {COURSES.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        {error ? (
          <p id={`${ids}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={change.isPending} disabled={change.isPending}>
          Save
        </Button>
      </form>
    </Dialog>
  );
}
