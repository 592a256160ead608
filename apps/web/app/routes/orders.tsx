import { hasActiveFilters } from '@geekly/domain/orders/order-list-filters.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCreateOrder } from '../features/orders/api/create-order.ts';
import { editOrder } from '../features/orders/api/edit-order.ts';
import {
  type OrderFilters as Filters,
  NO_FILTERS,
  useOrdersList,
} from '../features/orders/api/get-orders.ts';
import { MiniOrderForm } from '../features/orders/components/mini-order-form.tsx';
import { OrderFilters } from '../features/orders/components/order-filters.tsx';
import { OrderGroups } from '../features/orders/components/order-groups.tsx';
import { hasStoredRatingLink } from '../lib/return-to.ts';
import s from './orders.module.css';

export function meta() {
  return [{ title: 'My Tasks — Geekly' }];
}

/**
 * docs/product/tasks-and-pricing.md: "Query params title and subject create an order automatically if valid".
 * The params are always dropped from the address (replace); a valid pair creates the task once and opens
 * its '/orders/{id}/created' popup. A ref keyed by the query string keeps strict-mode double effects and
 * re-renders from creating it twice; it is cleared once the params are gone, so opening the same link
 * again later adds another task, as a fresh visit would.
 */
function useCreateFromQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const { mutate } = create;
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('title') && !params.has('subject')) {
      handled.current = null;
      return;
    }
    if (handled.current === location.search) return;
    handled.current = location.search;

    const parsed = createOrderSchema.safeParse({
      title: params.get('title') ?? '',
      subject: params.get('subject') ?? '',
    });
    params.delete('title');
    params.delete('subject');
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
    if (!parsed.success) return;
    mutate(
      { title: parsed.data.title, subject: parsed.data.subject },
      { onSuccess: ({ _id }) => navigate(`/orders/${_id}/created`) },
    );
  }, [location.search, location.pathname, location.hash, navigate, mutate]);

  return create;
}

/**
 * docs/product/tasks-and-pricing.md: "When filters on the list are active and the result is empty, filters reset once" — once per
 * visit, so a client who picks an empty filter again sees the empty result.
 */
function useEmptyReset(empty: boolean, filters: Filters, setFilters: (f: Filters) => void) {
  const resetOnce = useRef(false);
  useEffect(() => {
    if (empty && hasActiveFilters(filters) && !resetOnce.current) {
      resetOnce.current = true;
      setFilters(NO_FILTERS);
    }
  }, [empty, filters, setFilters]);
}

/**
 * docs/product/statuses-and-state-machine.md: an unrated last task on the list is tagged review_shown_on_client and then opens the review,
 * unless a rating link from an e-mail is stored (that one goes first).
 */
function useReviewPrompt(latest: OrderView | undefined) {
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!latest?.can.rate || latest.additional.includes('review_shown_on_client')) return;
    if (asked.current === latest._id || hasStoredRatingLink()) return;
    asked.current = latest._id;
    void editOrder(latest._id, { additional: [...latest.additional, 'review_shown_on_client'] as never })
      .then(() => navigate(`/orders/${latest._id}/rating`))
      .catch(() => undefined);
  }, [latest, navigate]);
}

export default function OrdersRoute() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = useOrdersList(filters);
  const fromQuery = useCreateFromQuery();
  const results = list.data?.pages.flatMap((p) => p.results) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  useEmptyReset(list.isSuccess && results.length === 0, filters, setFilters);
  useReviewPrompt(hasActiveFilters(filters) ? undefined : results[0]);
  return (
    <div className={s.page}>
      <h1 className={s.title}>My Tasks</h1>
      <MiniOrderForm />
      {fromQuery.isError ? <p role="alert">{fromQuery.error.message}</p> : null}
      {list.isSuccess && (total > 0 || hasActiveFilters(filters)) ? (
        <OrderFilters value={filters} onChange={setFilters} />
      ) : null}
      {list.isPending ? (
        <div className={s.skeleton} role="status" aria-busy="true" aria-label="Loading tasks" />
      ) : list.isError ? (
        <p role="alert">{list.error.message}</p>
      ) : results.length === 0 ? (
        <section className={s.empty}>
          <h2>Ooops</h2>
          <p>Looks like you don't have any tasks.</p>
        </section>
      ) : (
        <>
          <p className={s.count} aria-live="polite">
            {`Showing ${results.length} of ${total} ${total === 1 ? 'task' : 'tasks'}`}
          </p>
          <OrderGroups orders={results} />
          {list.hasNextPage ? (
            <button
              type="button"
              className={s.more}
              aria-busy={list.isFetchingNextPage || undefined}
              onClick={() => !list.isFetchingNextPage && list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Show more tasks'}
            </button>
          ) : null}
        </>
      )}
      <Outlet />
    </div>
  );
}
