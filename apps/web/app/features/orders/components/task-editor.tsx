import { ORDER_FORM_MESSAGES, requestTypeField } from '@geekly/domain/orders/order-form-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { formatSize } from '@geekly/domain/pricing/quote.ts';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BadDeadlineNotice } from './bad-deadline-notice.tsx';
import { DeadlinePicker } from './deadline-picker.tsx';
import { DetailsField } from './details-field.tsx';
import { LaterDeadlinePrices } from './later-deadline-prices.tsx';
import { PagesSelect } from './pages-select.tsx';
import s from './task-editor.module.css';
import { TaskTypeInput } from './task-type-input.tsx';
import { useTaskSave } from './use-task-save.ts';

export type TaskEditorHandle = {
  /** docs/product/tasks-and-pricing.md 'Show me the fields': focuses the task type, else the pages, else the deadline. */
  focusFirstMissing: () => void;
};

type Props = { order: OrderView; flow: 'order' | 'neworder'; ref?: Ref<TaskEditorHandle> };

/**
 * A text the user edits over a value the server owns: a new server value replaces it only while the user has
 * not changed it, so an answer never loses what was typed.
 */
function useDraft(server: string) {
  const [base, setBase] = useState(server);
  const [value, setValue] = useState(server);
  if (server !== base) {
    setBase(server);
    if (value === base) setValue(server);
  }
  return [value, setValue] as const;
}

/** docs/product/tasks-and-pricing.md "Editable task": every change is saved at once and the server answers the repriced task. */
export function TaskEditor({ order, flow, ref }: Props) {
  const { save, saving, errors, formError } = useTaskSave(order._id);
  const [requestType, setRequestType] = useDraft(order.request_type ?? '');
  const [typeTouched, setTypeTouched] = useState(false);
  const sentType = useRef<string | null>(order.request_type ?? '');
  const [details, setDetails] = useDraft(order.details);
  const [pendingPages, setPendingPages] = useState<number | null>(null);
  const [pendingDeadline, setPendingDeadline] = useState<Date | null>(null);
  const [showRequired, setShowRequired] = useState(false);
  const typeRef = useRef<HTMLInputElement>(null);
  const pagesRef = useRef<HTMLSelectElement>(null);
  const dateRef = useRef<HTMLButtonElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      focusFirstMissing() {
        setShowRequired(true);
        if (!requestTypeField.safeParse(requestType).success || order.request_type === null) {
          setTypeTouched(true);
          typeRef.current?.focus();
        } else if (order.pages === null) pagesRef.current?.focus();
        else dateRef.current?.focus();
      },
    }),
    [requestType, order.request_type, order.pages],
  );

  const commitType = (value: string) => {
    setTypeTouched(true);
    if (!requestTypeField.safeParse(value).success || value === sentType.current) return;
    sentType.current = value;
    void save({ request_type: value }).then((ok) => {
      if (!ok) sentType.current = null;
    });
  };

  const changePages = (pages: number) => {
    setPendingPages(pages);
    void save({ size: formatSize(pages) }).then(() => setPendingPages(null));
  };

  const changeDeadline = (deadline: Date, refocus = false) => {
    setPendingDeadline(deadline);
    void save({ deadline: deadline.toISOString() }).then((ok) => {
      setPendingDeadline(null);
      if (ok && refocus) dateRef.current?.focus();
    });
  };

  const typeError =
    errors.request_type ??
    (typeTouched && requestType.trim() === '' ? ORDER_FORM_MESSAGES.requestTypeRequired : null);

  return (
    <form
      className={s.form}
      aria-label="Task details"
      aria-busy={saving || undefined}
      noValidate
      onSubmit={(e) => e.preventDefault()}
    >
      <TaskTypeInput
        value={requestType}
        onChange={setRequestType}
        onCommit={commitType}
        error={typeError}
        inputRef={typeRef}
      />
      <div className={s.row}>
        <PagesSelect
          value={pendingPages ?? order.pages}
          onChange={changePages}
          busy={saving}
          required={showRequired}
          error={errors.size}
          selectRef={pagesRef}
        />
        <DeadlinePicker
          deadline={pendingDeadline ?? new Date(order.deadline)}
          minimum={order.min_deadline ? new Date(order.min_deadline) : new Date()}
          busy={saving}
          onChange={(d) => changeDeadline(d)}
          error={errors.deadline}
          dateRef={dateRef}
        />
      </div>
      <LaterDeadlinePrices order={order} deadline={new Date(order.deadline)} />
      <BadDeadlineNotice order={order} busy={saving} onApply={(d) => changeDeadline(d, true)} />
      <DetailsField
        value={details}
        onChange={setDetails}
        onCommit={() => {
          if (details !== order.details) void save({ details });
        }}
        error={errors.details}
      />
      <Link to={`/${flow}/${order._id}/upload`} className={s.filesLink}>
        <svg className={s.clip} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l9.2-9.2a3.7 3.7 0 0 1 5.2 5.2l-9.2 9.2a1.8 1.8 0 0 1-2.6-2.6l8.5-8.5" />
        </svg>
        Task files
      </Link>
      {formError ? (
        <p className={s.formError} role="alert">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
