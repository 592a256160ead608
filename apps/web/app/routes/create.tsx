import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { TaskDraftFields } from '../features/orders/components/task-draft-fields.tsx';
import { useTaskDraftForm } from '../features/orders/components/use-task-draft-form.ts';
import s from './create.module.css';

export function meta() {
  return [{ title: 'Add new task — Geekly' }];
}

/**
 * Where the close link goes (docs/product/geeks.md): back to /my-geeks when the user came from the Geeks page,
 * otherwise /orders. "Came from the Geeks page" is signalled by navigation state, not a query param:
 * the Geeks page links here with `<Link to="/create" state={{ from: '/my-geeks' }}>`.
 */
function closeTarget(state: unknown): '/my-geeks' | '/orders' {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return from === '/my-geeks' ? '/my-geeks' : '/orders';
}

/** docs/product/tasks-and-pricing.md '/create': the full-page task form, validated like the mini form (docs/product/tasks-and-pricing.md). */
export default function CreateRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const headingId = useId();
  const form = useTaskDraftForm(({ _id }) => navigate(`/orders/${_id}/created`));

  return (
    <section className={s.card} aria-labelledby={headingId}>
      <div className={s.head}>
        <h1 id={headingId} className={s.title}>
          Add new task
        </h1>
        <Link to={closeTarget(location.state)} className={s.close} aria-label="Close">
          ×
        </Link>
      </div>
      <p className={s.lead}>We cover 100+ courses</p>
      <form className={s.form} onSubmit={form.submit} noValidate aria-labelledby={headingId}>
        <TaskDraftFields form={form} submitClassName={s.submit} />
      </form>
    </section>
  );
}
