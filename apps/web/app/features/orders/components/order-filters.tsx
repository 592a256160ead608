import {
  hasActiveFilters,
  PAYMENT_FILTER_LABELS,
  PAYMENT_FILTERS,
  type PaymentFilter,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
} from '@geekly/domain/orders/order-list-filters.ts';
import { useId } from 'react';
import { type OrderFilters as Filters, NO_FILTERS } from '../api/get-orders.ts';
import s from './order-filters.module.css';

/** docs/product/tasks-and-pricing.md /orders: payment type (All, Full paid, 30% paid, Unpaid), status, 'Reset filters'. */
export function OrderFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const id = useId();
  return (
    <search className={s.filters} aria-label="Filters">
      <fieldset className={s.payment}>
        <legend className="visually-hidden">Payment type</legend>
        {PAYMENT_FILTERS.map((p) => (
          <label key={p} className={s.segment}>
            <input
              type="radio"
              className="visually-hidden"
              name={`${id}-payment`}
              checked={value.payment === p}
              onChange={() => onChange({ ...value, payment: p as PaymentFilter })}
            />
            <span>{PAYMENT_FILTER_LABELS[p]}</span>
          </label>
        ))}
      </fieldset>
      <label className={s.statusField}>
        <span className="visually-hidden">Status</span>
        <select
          className={s.select}
          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value as StatusFilter })}
        >
          {STATUS_FILTERS.map((st) => (
            <option key={st} value={st}>
              {STATUS_FILTER_LABELS[st]}
            </option>
          ))}
        </select>
      </label>
      {hasActiveFilters(value) ? (
        <button type="button" className={s.reset} onClick={() => onChange(NO_FILTERS)}>
          Reset filters
        </button>
      ) : null}
    </search>
  );
}
