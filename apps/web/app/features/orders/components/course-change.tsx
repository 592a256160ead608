import { changeCourseSchema, type GroupSubjectPreview } from '@geekly/domain/orders/order-form-schemas.ts';
import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { CoursePicker } from '../../../components/course-picker.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { apiCall } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ORDERS_KEY } from '../../../lib/order-queries.ts';
import s from './course-change.module.css';

type Target = { kind: 'task'; orderId: string } | { kind: 'group'; from: string };

/** POST /orders/{id} client_subject, or POST /orders/subject-change for a group (decision 038). */
function useChangeCourse(target: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subject: string) => {
      if (target.kind === 'task')
        await apiCall(ordersContract.action, {
          params: { id: target.orderId },
          body: { action: 'client_subject', subject },
        });
      else await apiCall(ordersContract.courseChange, { body: { from: target.from, subject } });
    },
    // The list regroups and the task shows its new course.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/** GET /orders/subject-change?from=…: what a group change would move, asked when its dialog opens (issue 34). */
function useGroupPreview(target: Target) {
  const from = target.kind === 'group' ? target.from : '';
  return useQuery({
    queryKey: [...ORDERS_KEY, 'subject-change', from],
    queryFn: () => apiCall(ordersContract.courseChangePreview, { query: { from } }),
    enabled: target.kind === 'group',
    staleTime: 0,
  });
}

const tasks = (n: number) => (n === 1 ? 'task' : 'tasks');

/** What a group change does, in words, before it is confirmed: how many move, and which keep their course. */
function groupSummary(p: GroupSubjectPreview): string[] {
  const lines = [`${p.moving} ${tasks(p.moving)} will move to the course you choose.`];
  if (p.kept_delivered > 0)
    lines.push(
      `${p.kept_delivered} ${tasks(p.kept_delivered)} already delivered ${p.kept_delivered === 1 ? 'keeps its' : 'keep their'} course.`,
    );
  if (p.kept_refund > 0)
    lines.push(
      `${p.kept_refund} refunded ${tasks(p.kept_refund)} ${p.kept_refund === 1 ? 'keeps its' : 'keep their'} course.`,
    );
  return lines;
}

/**
 * docs/product/tasks-and-pricing.md: the course must be one of the list's, matched without case ('Please choose course from the list
 * name' otherwise); an empty entry cancels. The same course picker as the task forms (docs/product/tasks-and-pricing.md: top or recent
 * courses, 'No results for «…»'). For a group it says first how many tasks will move — all of the course's, those
 * the list's filter hides or has not loaded included — and the button says it again.
 */
export function CourseChangeDialog({
  target,
  current,
  recent,
  onClose,
}: {
  target: Target;
  current: string;
  /** The student's recent courses (the list page), shown first in the picker. */
  recent?: readonly string[];
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeCourse(target);
  const preview = useGroupPreview(target);
  const ids = useId();
  const moving = preview.data?.moving ?? 0;
  const group = target.kind === 'group';
  return (
    <Dialog title={group ? `Change the course of ${current}` : 'Change course'} onClose={onClose}>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          // docs/product/tasks-and-pricing.md: an empty entry cancels.
          if (value.trim() === '') return onClose();
          const parsed = changeCourseSchema.safeParse({ subject: value });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Unknown error');
          if (parsed.data.subject === current) return onClose();
          change.mutate(parsed.data.subject, {
            onSuccess: () => onClose(),
            onError: (err) =>
              setError(err instanceof ApiError ? (err.fieldErrors.subject ?? err.text) : 'Unknown error'),
          });
        }}
      >
        {group ? (
          preview.data ? (
            <div id={`${ids}-summary`} data-testid="course-change-summary">
              {groupSummary(preview.data).map((line) => (
                <p key={line} className={s.text}>
                  {line}
                </p>
              ))}
            </div>
          ) : preview.isError ? (
            <p className="form-error" role="alert">
              Unknown error
            </p>
          ) : (
            <p className={s.text} aria-busy="true">
              Counting the tasks…
            </p>
          )
        ) : null}
        <label htmlFor={`${ids}-course`} className={s.label}>
          Choose your course
        </label>
        <CoursePicker
          id={`${ids}-course`}
          value={value}
          recent={recent}
          inline
          invalid={Boolean(error)}
          describedBy={error ? `${ids}-error` : undefined}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
        />
        {error ? (
          <p id={`${ids}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button
          type="submit"
          busy={change.isPending}
          disabled={change.isPending || (group && moving === 0)}
          aria-describedby={group ? `${ids}-summary` : undefined}
        >
          {group ? `Move ${moving} ${tasks(moving)}` : 'Save'}
        </Button>
      </form>
    </Dialog>
  );
}
