import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { type AddOnService, INCLUDED_IN_PLAN } from '@geekly/domain/pricing/add-ons.ts';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUsd } from '../../../lib/format-money.ts';
import { useMyGeeks } from '../api/get-my-geeks.ts';
import { useOrderAction } from '../api/order-action.ts';
import s from './add-ons-list.module.css';

const ADD_ON_NOTES: Partial<Record<AddOnService, string>> = {
  prioritize_my_task: 'Your task goes to the top of the queue',
  top_writer: 'One of our best-rated Geeks',
  adv_vip_support: 'A personal Account Manager for your task',
  adv_plagreport: 'A plagiarism report with your files',
  client_recomended_writer: 'A Geek you already worked with',
};

/**
 * docs/product/tasks-and-pricing.md add-on services with their prices, states and disabled rules, all as the server answers them;
 * adding or removing one is service_add / service_delete, and the answer carries the new price.
 */
export function AddOnsList({ order }: { order: OrderView }) {
  const action = useOrderAction(order._id);
  const [error, setError] = useState<string | null>(null);
  const preferred = order.services.find((sv) => sv.service === 'client_recomended_writer');
  const geeks = useMyGeeks(Boolean(preferred && !preferred.hidden));
  const [geekId, setGeekId] = useState('');
  const selectId = useId();
  const visible = order.services.filter((sv) => !sv.hidden);
  if (visible.length === 0) return null;

  function toggle(service: string, add: boolean, writer?: string) {
    setError(null);
    action.mutate(
      {
        action: add ? 'service_add' : 'service_delete',
        tag: service as AddOnService,
        ...(writer ? { writer_id: writer } : {}),
      },
      { onError: (err) => setError(err instanceof ApiError ? err.text : 'Unknown error') },
    );
  }

  return (
    <section className={s.addOns} aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`} className={s.title}>
        Add-ons
      </h2>
      <ul className={s.list}>
        {visible.map((sv) => {
          const isPreferred = sv.service === 'client_recomended_writer';
          const needsGeek = isPreferred && !sv.added && geekId === '';
          return (
            <li key={sv.service} className={sv.added ? s.itemAdded : s.item}>
              <label className={s.row}>
                <input
                  type="checkbox"
                  checked={sv.added}
                  disabled={sv.disabled || sv.included_in_plan || action.isPending || needsGeek}
                  onChange={(e) => toggle(sv.service, e.target.checked, isPreferred ? geekId : undefined)}
                />
                <span className={s.text}>
                  <span className={s.label}>{sv.label}</span>
                  {sv.included_in_plan ? <span className={s.note}>{INCLUDED_IN_PLAN}</span> : null}
                  {ADD_ON_NOTES[sv.service as AddOnService] ? (
                    <span className={s.note}>{ADD_ON_NOTES[sv.service as AddOnService]}</span>
                  ) : null}
                </span>
                <span className={s.price}>
                  {sv.included_in_plan ? formatUsd(0) : addOnPriceText(sv.price, order.client_base_price)}
                </span>
              </label>
              {isPreferred && !sv.added && geeks.data?.length ? (
                <div className={s.geek}>
                  <label htmlFor={selectId}>Choose your Geek</label>
                  <select id={selectId} value={geekId} onChange={(e) => setGeekId(e.target.value)}>
                    <option value="">—</option>
                    {geeks.data.map((g) => (
                      <option key={g._id} value={g._id}>
                        {g.public_full_name} · {g.major}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** A share-of-price add-on has no price until the task has one; 0 with a price is a coupon's free add-on. */
function addOnPriceText(price: number, workPrice: number | null): string {
  if (price > 0) return formatUsd(price);
  return workPrice === null ? '—' : 'Free';
}
