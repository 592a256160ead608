import {
  DEFAULT_REQUEST_TYPE_LABEL,
  REQUEST_TYPE_MAX,
  requestTypeCounter,
} from '@geekly/domain/orders/order-form-schemas.ts';
import { REQUEST_TYPE_HIGHLIGHT_MIN_CHARS, searchRequestTypes } from '@geekly/domain/orders/request-types.ts';
import { type Ref, useId } from 'react';
import { HighlightedText } from '../../../components/highlighted-text.tsx';
import l from '../../../components/listbox.module.css';
import t from '../../../components/text-field.module.css';
import { useComboboxList } from '../../../components/use-combobox-list.ts';
import s from './task-editor.module.css';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The user left the field (blur or Enter) or picked a suggestion; `value` is what to save. */
  onCommit: (value: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
};

/** docs/product/tasks-and-pricing.md: leading spaces trimmed, at most 30 characters. */
const clean = (v: string) => v.trimStart().slice(0, REQUEST_TYPE_MAX);

/**
 * docs/product/tasks-and-pricing.md "Request type": a combobox with the suggested types (matches highlighted from 7 typed
 * characters) and the 'n/30' counter. Focus stays in the input; options are reached by aria-activedescendant.
 */
export function TaskTypeInput({ value, onChange, onCommit, error, inputRef }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const options = searchRequestTypes(value);
  const list = useComboboxList(options.length);
  const { active } = list;
  const highlight = value.trim().length >= REQUEST_TYPE_HIGHLIGHT_MIN_CHARS;
  const expanded = list.open && options.length > 0;

  const pick = (type: string) => {
    onChange(type);
    list.close();
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
          className={error ? t.inputFullError : t.inputFull}
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
          onFocus={() => list.setOpen(true)}
          onBlur={() => {
            list.close();
            onCommit(value);
          }}
          onChange={(e) => {
            onChange(clean(e.target.value));
            list.typed();
          }}
          onKeyDown={(e) => {
            if (list.arrowKey(e)) return;
            if (e.key === 'Enter') {
              e.preventDefault();
              const option = expanded && active >= 0 ? options[active] : undefined;
              if (option) pick(option);
              else {
                list.setOpen(false);
                onCommit(value);
              }
            } else if (e.key === 'Escape') {
              list.close();
            }
          }}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Task types"
          className={`${l.popup} ${l.list}`}
          hidden={!expanded}
        >
          {options.map((type, i) => (
            <div
              key={type}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? l.optionActive : l.option}
              // mousedown keeps the input focused, so its blur does not close the list before the pick
              onMouseDown={(e) => {
                e.preventDefault();
                pick(type);
              }}
            >
              {highlight ? <HighlightedText text={type} query={value} /> : type}
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
