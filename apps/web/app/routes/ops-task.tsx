import { Link, useParams } from 'react-router';
import { useOpsOrder } from '../features/ops/api/ops-queries.ts';
import { ClientDataActions } from '../features/ops/components/client-data.tsx';
import { ConversationPanel } from '../features/ops/components/conversation-panel.tsx';
import { GeekFilesPanel } from '../features/ops/components/geek-files-panel.tsx';
import { QualityCheckPanel } from '../features/ops/components/quality-check-panel.tsx';
import { MoneyPanel, NotesPanel, TaskAudit, TimelinePanel } from '../features/ops/components/task-panels.tsx';
import { TransitionActions } from '../features/ops/components/transition-actions.tsx';
import { dollars, formatWhen, opsStyles as s } from '../features/ops/components/widgets.tsx';

export function meta() {
  return [{ title: 'Task — Geekly back office' }];
}

/** /ops/orders/:orderId: the task as the student sees it, its client, money, allowed steps, notes and history. */
export default function OpsTask() {
  const { orderId = '' } = useParams();
  const order = useOpsOrder(orderId);
  if (order.isError)
    return (
      <p role="alert" className={s.error}>
        This task could not be loaded. <Link to="/ops">Back to the queue</Link>
      </p>
    );
  if (!order.data) return <p className={s.muted}>Loading…</p>;
  const o = order.data;
  return (
    <>
      <p>
        <Link to="/ops">← Queue</Link>
      </p>
      <h1>
        #{o.number} {o.title}
      </h1>
      <p>
        <span className={s.badge} data-testid="ops-status">
          {o.system_client_status}
          {o.client_status ? ` / ${o.client_status}` : ''}
        </span>{' '}
        <span className={s.muted}>Student sees: {o.status.label}</span>
      </p>
      <QualityCheckPanel order={o} />
      <div className={s.grid}>
        <div>
          <TransitionActions order={o} />
          <section className={s.card} aria-labelledby="task-title">
            <h2 id="task-title">Task</h2>
            <dl className={s.dl}>
              <dt>Subject</dt>
              <dd>{o.subject}</dd>
              <dt>Type</dt>
              <dd>{o.request_type ?? '—'}</dd>
              <dt>Size</dt>
              <dd>{o.size}</dd>
              <dt>Level</dt>
              <dd>{o.level}</dd>
              <dt>Deadline</dt>
              <dd>{formatWhen(o.deadline)}</dd>
              <dt>Price</dt>
              <dd>{dollars(o.price)}</dd>
              <dt>Paid</dt>
              <dd data-testid="ops-paid">{dollars(o.client_paid)}</dd>
              <dt>Geek</dt>
              <dd>{o.geek_name ?? '—'}</dd>
              <dt>Details</dt>
              <dd>{o.details || '—'}</dd>
            </dl>
          </section>
          <MoneyPanel orderId={o._id} />
          <TimelinePanel orderId={o._id} />
        </div>
        <div>
          <section className={s.card} aria-labelledby="client-title">
            <h2 id="client-title">Client</h2>
            <dl className={s.dl}>
              <dt>E-mail</dt>
              <dd>{o.client_email}</dd>
              <dt>Id</dt>
              <dd className={s.muted}>{o.user_id}</dd>
            </dl>
            <ClientDataActions userId={o.user_id} />
          </section>
          <GeekFilesPanel orderId={o._id} />
          <ConversationPanel orderId={o._id} />
          <NotesPanel orderId={o._id} />
        </div>
      </div>
      <TaskAudit orderId={o._id} />
    </>
  );
}
