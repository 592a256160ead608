import { highlightCourse } from '@geekly/domain/courses/course-search.ts';
import {
  DEFAULT_REQUEST_TYPE_LABEL,
  REQUEST_TYPE_MAX,
  requestTypeCounter,
} from '@geekly/domain/orders/order-form-schemas.ts';
import { REQUEST_TYPE_HIGHLIGHT_MIN_CHARS, searchRequestTypes } from '@geekly/domain/orders/request-types.ts';
import { type Ref, useId, useState } from 'react';
import s from './task-editor.module.css';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The user left the field (blur or Enter) or picked a suggestion; `value` is what to save. */
  onCommit: (value: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
};

/** Seed 000 §5: leading spaces trimmed, at most 30 characters. */
const clean = (v: string) => v.trimStart().slice(0, REQUEST_TYPE_MAX);

/**
 * Seed 000 §5 "Request type": a combobox with the suggested types (matches highlighted from 7 typed
 * characters) and the 'n/30' counter. Focus stays in the input; options are reached by aria-activedescendant.
 */
export function TaskTypeInput({ value, onChange, onCommit, error, inputRef }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = searchRequestTypes(value);
  const highlight = value.trim().length >= REQUEST_TYPE_HIGHLIGHT_MIN_CHARS;
  const expanded = open && options.length > 0;

  const pick = (type: string) => {
    onChange(type);
    setOpen(false);
    setActive(-1);
    onCommit(type);
  };

  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        Task type
      </label>
      <div className={s.combo}>
        <input
          id={id}
          ref={inputRef}
          className={error ? s.inputError : s.input}
          placeholder={DEFAULT_REQUEST_TYPE_LABEL}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
          autoComplete="off"
          maxLength={REQUEST_TYPE_MAX}
          value={value}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onCommit(value);
          }}
          onChange={(e) => {
            onChange(clean(e.target.value));
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
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const option = expanded && active >= 0 ? options[active] : undefined;
              if (option) pick(option);
              else {
                setOpen(false);
                onCommit(value);
              }
            } else if (e.key === 'Escape') {
              setOpen(false);
              setActive(-1);
            }
          }}
        />
        <div id={listId} role="listbox" aria-label="Task types" className={s.popup} hidden={!expanded}>
          {options.map((type, i) => (
            <div
              key={type}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? s.optionActive : s.option}
              // mousedown keeps the input focused, so its blur does not close the list before the pick
              onMouseDown={(e) => {
                e.preventDefault();
                pick(type);
              }}
            >
              {highlight ? <Highlighted text={type} query={value} /> : type}
            </div>
          ))}
        </div>
      </div>
      <div className={s.below}>
        {error ? (
          <p id={`${id}-error`} className={s.error} role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span id={`${id}-counter`} className={s.counter}>
          {requestTypeCounter(value)}
        </span>
      </div>
    </div>
  );
}

/** The suggestion with the typed words marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  let offset = 0;
  return highlightCourse(text, query).map((part) => {
    const key = offset;
    offset += part.text.length;
    return part.match ? <mark key={key}>{part.text}</mark> : <span key={key}>{part.text}</span>;
  });
}
