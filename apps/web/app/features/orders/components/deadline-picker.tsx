import { formatDeadlineDate, formatDeadlineTime } from '@geekly/domain/orders/deadline.ts';
import { MAX_DEADLINE_DAYS } from '@geekly/domain/orders/order-form-schemas.ts';
import dayjs, { type Dayjs } from 'dayjs';
import { type RefObject, useId } from 'react';
import { useDismissable } from '../../../components/use-dismissable.ts';
import { timezone } from '../../../lib/api-client.ts';
import { DeadlineCalendar } from './deadline-calendar.tsx';
import s from './task-editor.module.css';

type Props = {
  /** The deadline shown: the server's, or the one being saved. */
  deadline: Date;
  /** The earliest deadline: the server's min_deadline, or now while it is unknown. */
  minimum: Date;
  /** A save is running: the time select looks and acts disabled but keeps the focus. */
  busy: boolean;
  onChange: (deadline: Date) => void;
  error?: string | null;
  dateRef: RefObject<HTMLButtonElement | null>;
};

// docs/product/tasks-and-pricing.md: hourly slots, day 8 AM to 7 PM, night 8 PM to 7 AM.
const DAY_HOURS = Array.from({ length: 12 }, (_, i) => 8 + i);
const NIGHT_HOURS = Array.from({ length: 12 }, (_, i) => (20 + i) % 24);

const atHour = (day: Dayjs, hour: number) => day.hour(hour).minute(0).second(0).millisecond(0);

/** docs/product/tasks-and-pricing.md "Deadline": a date picker ('MMMM DD, YYYY') and an hourly time select. */
export function DeadlinePicker({ deadline, minimum, busy, onChange, error, dateRef }: Props) {
  const id = useId();
  const { open, setOpen, root } = useDismissable();
  const zone = timezone();
  const current = dayjs(deadline);
  const min = dayjs(minimum);
  const maxDay = dayjs().add(MAX_DEADLINE_DAYS, 'day').startOf('day').subtract(1, 'day');

  const closeCalendar = () => {
    setOpen(false);
    dateRef.current?.focus();
  };

  const renderHour = (h: number) => (
    <option key={h} value={h} disabled={atHour(current, h).isBefore(min)}>
      {formatDeadlineTime(atHour(current, h).toDate(), zone)}
    </option>
  );

  return (
    <fieldset className={s.deadline} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="visually-hidden">Deadline</legend>
      <div className={s.field} ref={root}>
        <span id={`${id}-date-label`} className={s.label}>
          Date
        </span>
        <button
          id={`${id}-date`}
          ref={dateRef}
          type="button"
          className={error ? s.dateButtonError : s.dateButton}
          aria-labelledby={`${id}-date-label ${id}-date`}
          aria-haspopup="dialog"
          aria-expanded={open}
          // Opening is no change, so a save still running never blocks it; a pick waits for that save.
          onClick={() => setOpen((v) => !v)}
        >
          <span>{formatDeadlineDate(deadline, zone)}</span>
          <span aria-hidden="true" className={s.chevron}>
            ▾
          </span>
        </button>
        {open ? (
          <DeadlineCalendar
            selected={current.startOf('day')}
            min={min.startOf('day')}
            max={maxDay}
            onClose={closeCalendar}
            onPick={(day) => {
              closeCalendar();
              // The chosen hour stays when the date changes.
              if (!day.isSame(current, 'day')) onChange(atHour(day, current.hour()).toDate());
            }}
          />
        ) : null}
      </div>
      <div className={s.field}>
        <label htmlFor={`${id}-time`} className={s.label}>
          Time
        </label>
        <select
          id={`${id}-time`}
          className={error ? s.selectError : s.select}
          value={current.hour()}
          aria-disabled={busy || undefined}
          onChange={(e) => {
            if (!busy) onChange(atHour(current, Number(e.target.value)).toDate());
          }}
        >
          <optgroup label="Day">{DAY_HOURS.map(renderHour)}</optgroup>
          <optgroup label="Night">{NIGHT_HOURS.map(renderHour)}</optgroup>
        </select>
      </div>
      {error ? (
        <p id={`${id}-error`} className={s.deadlineError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
