import dayjs, { type Dayjs } from 'dayjs';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import s from './deadline-calendar.module.css';

type Props = {
  /** The chosen day (start of day, browser time). */
  selected: Dayjs;
  /** The first and last days that may be chosen (start of day). */
  min: Dayjs;
  max: Dayjs;
  onPick: (day: Dayjs) => void;
  onClose: () => void;
};

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const KEY_STEPS: Record<string, (d: Dayjs) => Dayjs> = {
  ArrowLeft: (d) => d.subtract(1, 'day'),
  ArrowRight: (d) => d.add(1, 'day'),
  ArrowUp: (d) => d.subtract(7, 'day'),
  ArrowDown: (d) => d.add(7, 'day'),
  Home: (d) => d.startOf('week'),
  End: (d) => d.endOf('week').startOf('day'),
  PageUp: (d) => d.subtract(1, 'month'),
  PageDown: (d) => d.add(1, 'month'),
};

const clamp = (d: Dayjs, min: Dayjs, max: Dayjs) => (d.isBefore(min) ? min : d.isAfter(max) ? max : d);
const dayKey = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The weeks of a month: day numbers, null for the blanks before the 1st and after the last day. */
function monthWeeks(month: Dayjs): (number | null)[][] {
  const cells: (number | null)[] = [
    ...Array.from({ length: month.startOf('month').day() }, () => null),
    ...Array.from({ length: month.daysInMonth() }, (_, i) => i + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * A month grid of day buttons (docs/product/tasks-and-pricing.md: no day before the minimum date). Arrow keys, Home/End and
 * PageUp/PageDown move between days; Escape closes.
 */
export function DeadlineCalendar({ selected, min, max, onPick, onClose }: Props) {
  const [focusDay, setFocusDay] = useState(() => clamp(selected, min, max));
  const [view, setView] = useState(() => focusDay.startOf('month'));
  const grid = useRef<HTMLTableElement>(null);
  const today = dayjs().startOf('day');

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${dayKey(focusDay)}"]`)?.focus();
  }, [focusDay]);

  const tabDay = focusDay.isSame(view, 'month') ? focusDay : clamp(view.startOf('month'), min, max);

  const onDayKey = (e: KeyboardEvent, day: Dayjs) => {
    const step = KEY_STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    const next = clamp(step(day), min, max);
    setFocusDay(next);
    setView(next.startOf('month'));
  };

  return (
    <div
      role="dialog"
      aria-label="Choose a date"
      className={s.calendar}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={s.head}>
        <button
          type="button"
          className={s.nav}
          aria-label="Previous month"
          disabled={!view.isAfter(min, 'month')}
          onClick={() => setView((v) => v.subtract(1, 'month'))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className={s.month} aria-live="polite">
          {view.format('MMMM YYYY')}
        </p>
        <button
          type="button"
          className={s.nav}
          aria-label="Next month"
          disabled={!view.isBefore(max, 'month')}
          onClick={() => setView((v) => v.add(1, 'month'))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} className={s.grid}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className={s.weekday}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(view).map((week) => (
            <tr key={`${dayKey(view)}-${week.find((d) => d !== null)}`}>
              {week.map((n, i) => {
                if (n === null) return <td key={`blank-${WEEKDAYS[i]?.[0]}`} />;
                const day = view.date(n);
                const isSelected = day.isSame(selected, 'day');
                return (
                  <td key={n}>
                    <button
                      type="button"
                      data-day={dayKey(day)}
                      className={isSelected ? s.daySelected : day.isSame(today, 'day') ? s.dayToday : s.day}
                      tabIndex={day.isSame(tabDay, 'day') ? 0 : -1}
                      disabled={day.isBefore(min, 'day') || day.isAfter(max, 'day')}
                      // 'Sunday, December 6, 2026': the name holds the visible day number (WCAG 2.5.3).
                      aria-label={day.format('dddd, MMMM D, YYYY')}
                      aria-pressed={isSelected}
                      aria-current={day.isSame(today, 'day') ? 'date' : undefined}
                      onKeyDown={(e) => onDayKey(e, day)}
                      onClick={() => onPick(day)}
                    >
                      {n}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
