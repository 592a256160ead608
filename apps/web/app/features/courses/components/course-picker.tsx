import { COURSES, FALLBACK_COURSE, POPULAR_COURSES } from '@geekly/domain/courses/course-list.ts';
import {
  highlightCourse,
  searchCourses,
  shouldSuggestFallback,
} from '@geekly/domain/courses/course-search.ts';
import { useId, useMemo, useState } from 'react';
import s from './course-picker.module.css';

type Props = { value: string; onChange: (value: string) => void; invalid?: boolean; describedBy?: string };

const popular = new Set<string>(POPULAR_COURSES);
const MORE = COURSES.filter((c) => !popular.has(c));

/**
 * Seed 000 §2 "Course picker": a combobox opening on focus, closing on blur or pick.
 * WAI-ARIA combobox pattern: focus stays in the input and moves through <li role="option"> by
 * aria-activedescendant, so biome.json relaxes the rules that expect focusable interactive elements here.
 */
export function CoursePicker({ value, onChange, invalid, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const query = value.trim();
  const results = useMemo(() => (query ? searchCourses(query) : []), [query]);
  const fallback = query !== '' && shouldSuggestFallback(query, results);
  const options = query ? (fallback ? [FALLBACK_COURSE] : results) : [...POPULAR_COURSES, ...MORE];

  const pick = (course: string) => {
    onChange(course);
    setOpen(false);
    setActive(-1);
  };

  const option = (course: string, index: number) => (
    <li
      key={course}
      id={`${listId}-${index}`}
      role="option"
      aria-selected={index === active}
      className={index === active ? s.optionActive : s.option}
      // mousedown keeps the input from blurring (and closing the list) before the pick
      onMouseDown={(e) => {
        e.preventDefault();
        pick(course);
      }}
    >
      {highlightCourse(course, fallback ? '' : query).map((part, i) =>
        part.match ? (
          <mark key={`${i}-${part.text}`}>{part.text}</mark>
        ) : (
          <span key={`${i}-${part.text}`}>{part.text}</span>
        ),
      )}
    </li>
  );

  return (
    <div className={s.root}>
      <input
        className={invalid ? s.inputError : s.input}
        placeholder="Choose your course"
        aria-label="Choose your course"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        value={value}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {open ? (
        <div className={s.popup}>
          {!query ? (
            <ul id={listId} role="listbox" aria-label="Courses" className={s.list}>
              <li role="presentation" className={s.heading}>
                Top Courses
              </li>
              {POPULAR_COURSES.map((c, i) => option(c, i))}
              <li role="presentation" className={s.heading}>
                100+ more courses
              </li>
              {MORE.map((c, i) => option(c, i + POPULAR_COURSES.length))}
            </ul>
          ) : (
            <ul id={listId} role="listbox" aria-label="Courses" className={s.list}>
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
