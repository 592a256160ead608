import { COURSES, FALLBACK_COURSE, POPULAR_COURSES } from '@geekly/domain/courses/course-list.ts';
import { searchCourses, shouldSuggestFallback } from '@geekly/domain/courses/course-search.ts';
import { useId, useMemo } from 'react';
import s from './course-picker.module.css';
import { HighlightedText } from './highlighted-text.tsx';
import l from './listbox.module.css';
import t from './text-field.module.css';
import { useComboboxList } from './use-combobox-list.ts';

type Props = {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** The input's id, when a visible <label> names it. */
  id?: string;
  /** The client's recent courses (the list page): shown as 'Recent Courses' in place of the top ones. */
  recent?: readonly string[];
  /** The list pushes what follows down instead of covering it (inside a popup, whose button it would hide). */
  inline?: boolean;
};

/**
 * docs/product/tasks-and-pricing.md "Course picker": a combobox opening on focus, closing on blur or pick.
 * WAI-ARIA combobox pattern: focus stays in the input and moves through <li role="option"> by
 * aria-activedescendant, so biome.json relaxes the rules that expect focusable interactive elements here.
 */
export function CoursePicker({ value, onChange, invalid, describedBy, id, recent = [], inline }: Props) {
  const listId = useId();
  const query = value.trim();
  const results = useMemo(() => (query ? searchCourses(query) : []), [query]);
  const fallback = query !== '' && shouldSuggestFallback(query, results);
  // docs/product/tasks-and-pricing.md: 'Top Courses', or 'Recent Courses' when there are recent ones, then '100+ more courses'.
  const recentKey = recent.join('\n');
  const { top, more } = useMemo(() => {
    const first = recentKey ? recentKey.split('\n') : POPULAR_COURSES;
    const shown = new Set(first);
    return { top: first, more: COURSES.filter((c) => !shown.has(c)) };
  }, [recentKey]);
  const options = query ? (fallback ? [FALLBACK_COURSE] : results) : [...top, ...more];
  const list = useComboboxList(options.length);
  const { open, active } = list;

  const pick = (course: string) => {
    onChange(course);
    list.close();
  };

  const option = (course: string, index: number) => (
    <li
      key={course}
      id={`${listId}-${index}`}
      role="option"
      aria-selected={index === active}
      className={index === active ? l.optionActive : l.option}
      // mousedown keeps the input from blurring (and closing the list) before the pick
      onMouseDown={(e) => {
        e.preventDefault();
        pick(course);
      }}
    >
      <HighlightedText text={course} query={fallback ? '' : query} />
    </li>
  );

  return (
    <div className={s.root}>
      <input
        id={id}
        className={invalid ? t.inputFullError : t.inputFull}
        placeholder="Choose your course"
        aria-label={id ? undefined : 'Choose your course'}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        value={value}
        onFocus={() => list.setOpen(true)}
        onBlur={() => list.setOpen(false)}
        onChange={(e) => {
          onChange(e.target.value);
          list.typed();
        }}
        onKeyDown={(e) => {
          if (list.arrowKey(e)) return;
          if (e.key === 'Enter' && open && active >= 0 && options[active]) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape' && open) {
            // Closes the list only: inside a popup (the course change) the popup stays open.
            e.preventDefault();
            list.setOpen(false);
          }
        }}
      />
      {open ? (
        <div className={inline ? `${l.popup} ${s.inline}` : l.popup}>
          {!query ? (
            <ul id={listId} role="listbox" aria-label="Courses" className={l.list}>
              <li role="presentation" className={s.heading}>
                {recentKey ? 'Recent Courses' : 'Top Courses'}
              </li>
              {top.map((c, i) => option(c, i))}
              <li role="presentation" className={s.heading}>
                100+ more courses
              </li>
              {more.map((c, i) => option(c, i + top.length))}
            </ul>
          ) : (
            <ul id={listId} role="listbox" aria-label="Courses" className={l.list}>
              {fallback ? (
                <li role="presentation" className={s.empty}>
                  No results for «{query}»
                </li>
              ) : null}
              {options.map((c, i) => option(c, i))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
