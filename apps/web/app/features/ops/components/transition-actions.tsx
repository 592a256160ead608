import type { OpsOrder } from '@geekly/domain/ops/ops-orders-contract.ts';
import type { TransitionName } from '@geekly/domain/orders/order-machine.ts';
import { QUALITY_CHECK_TRANSITIONS } from '@geekly/domain/workspace/workspace-contract.ts';
import { useState } from 'react';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useGeeks, useTransition } from '../api/ops-queries.ts';
import { dollars, formatWhen, OpsButton, OpsModal, OpsSelect, opsStyles as s } from './widgets.tsx';

const LABELS: Record<string, string> = {
  accept_instructions: 'Instructions checked',
  assign_geek: 'Assign',
  start_work: 'Start work',
  deliver: 'Deliver',
  accept_revision: 'Accept revision',
  decline_revision: 'Decline revision',
  deliver_revision: 'Deliver revision',
  accept_refund: 'Accept refund',
  decline_refund: 'Decline refund',
};
/** The quality check's own panel runs these (quality-check-panel.tsx), with the delivery in view. */
const CHECKED_ELSEWHERE = new Set<string>(QUALITY_CHECK_TRANSITIONS);

/** The decisions on a student's request: each asks for confirmation, with the request in view. */
const DECISIONS: Record<string, { question: string; effect: (o: OpsOrder) => string }> = {
  accept_revision: {
    question: 'Accept the revision?',
    effect: () => 'The Geek starts the revision; the student sees “Revision in progress”.',
  },
  decline_revision: {
    question: 'Decline the revision?',
    effect: () => 'The task goes back to delivered; the student is told the revision was declined.',
  },
  accept_refund: {
    question: 'Accept the refund?',
    effect: (o) =>
      `What is paid and not yet refunded, ${dollars(o.client_paid)}, goes back to the student's ${
        o.refund_to === 'card' ? 'card (what the card payments cannot take, to the balance)' : 'balance'
      }, and the task is closed as refunded.`,
  },
  decline_refund: {
    question: 'Decline the refund?',
    effect: () => 'Nothing is refunded; the task keeps the state it was in.',
  },
};

/** What the student asked, in their words: the revision or refund request the decisions answer. */
function StudentRequest({ order }: { order: OpsOrder }) {
  if (order.system_client_status === 'Revision Requested')
    return (
      <div className={s.request} data-testid="student-request">
        <strong>
          {order.client_status === 'Revision requested'
            ? 'Revision requested'
            : "The student's revision request"}
        </strong>
        {order.client_revision_at ? ` on ${formatWhen(order.client_revision_at)}` : ''}
        {order.revision_deadline ? `, due ${formatWhen(order.revision_deadline)}` : ''}
        <blockquote>{order.revision_comment || 'No comment given.'}</blockquote>
      </div>
    );
  if (order.system_client_status === 'Refund Requested')
    return (
      <div className={s.request} data-testid="student-request">
        <strong>Refund requested</strong>, to the {order.refund_to === 'card' ? 'card' : 'balance'}
        <blockquote>{order.refund_comment || 'No reason given.'}</blockquote>
      </div>
    );
  return null;
}

/** A button for each operator transition the state machine allows now (the server's list); nothing else. */
export function TransitionActions({ order }: { order: OpsOrder }) {
  const transition = useTransition(order._id);
  const [assigning, setAssigning] = useState(false);
  const [deciding, setDeciding] = useState<TransitionName | null>(null);
  const [error, setError] = useState('');
  const names = order.operator_transitions.filter((name) => !CHECKED_ELSEWHERE.has(name));
  const run = (name: TransitionName) => {
    setError('');
    transition.mutate(
      { name },
      {
        onSuccess: () => announce('Task status changed'),
        onError: (e) => setError(e instanceof ApiError ? e.text : 'Unknown error'),
      },
    );
  };
  return (
    <section className={s.card} aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <StudentRequest order={order} />
      {names.length === 0 ? (
        <p className={s.muted}>
          {order.tags.includes('quality_check')
            ? 'The delivery waits for the quality check above.'
            : 'No operator step is possible in this state.'}
        </p>
      ) : (
        <div className={s.actions}>
          {names.map((name) => (
            <OpsButton
              key={name}
              variant={name.startsWith('decline') ? 'secondary' : 'primary'}
              isDisabled={transition.isPending}
              onPress={() =>
                name === 'assign_geek' ? setAssigning(true) : DECISIONS[name] ? setDeciding(name) : run(name)
              }
            >
              {LABELS[name] ?? name}
            </OpsButton>
          ))}
        </div>
      )}
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      <AssignDialog order={order} isOpen={assigning} onOpenChange={setAssigning} />
      <DecisionDialog order={order} name={deciding} onClose={() => setDeciding(null)} />
    </section>
  );
}

/** Confirms a revision or refund decision, showing the student's request and what the decision does. */
function DecisionDialog(props: { order: OpsOrder; name: TransitionName | null; onClose: () => void }) {
  const transition = useTransition(props.order._id);
  const [error, setError] = useState('');
  const name = props.name;
  const decision = name ? DECISIONS[name] : undefined;
  const close = () => {
    setError('');
    props.onClose();
  };
  return (
    <OpsModal
      title={decision?.question ?? ''}
      isOpen={Boolean(decision)}
      onOpenChange={(open) => (open ? undefined : close())}
    >
      {decision && name ? (
        <>
          <StudentRequest order={props.order} />
          <p>{decision.effect(props.order)}</p>
          {error ? (
            <p role="alert" className={s.error}>
              {error}
            </p>
          ) : null}
          <div className={s.actions}>
            <OpsButton
              variant={name.startsWith('decline') ? 'danger' : 'primary'}
              isDisabled={transition.isPending}
              onPress={() =>
                transition.mutate(
                  { name },
                  {
                    onSuccess: () => {
                      announce('Task status changed');
                      close();
                    },
                    onError: (e) => setError(e instanceof ApiError ? e.text : 'Unknown error'),
                  },
                )
              }
            >
              {LABELS[name]}
            </OpsButton>
            <OpsButton variant="secondary" onPress={close}>
              Cancel
            </OpsButton>
          </div>
        </>
      ) : null}
    </OpsModal>
  );
}

/** 'Assign' with a Geek picker: each Geek's major, subjects and current load; disabled Geeks cannot be chosen. */
function AssignDialog(props: { order: OpsOrder; isOpen: boolean; onOpenChange: (o: boolean) => void }) {
  const geeks = useGeeks();
  const transition = useTransition(props.order._id);
  const [geekId, setGeekId] = useState('');
  const [error, setError] = useState('');
  const options = (geeks.data ?? []).map((g) => ({
    id: g._id,
    label: g.public_full_name,
    hint: `${g.major} · ${g.public_subjects.join(', ') || 'no subjects'} · ${g.load} in progress${g.is_disabled ? ' · disabled' : ''}`,
    disabled: g.is_disabled,
  }));
  return (
    <OpsModal
      title={`Assign a Geek to #${props.order.number}`}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
    >
      <p className={s.muted}>Subject: {props.order.subject}</p>
      <OpsSelect
        label="Geek"
        value={geekId}
        onChange={setGeekId}
        options={options}
        placeholder="Choose a Geek"
      />
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      <div className={s.actions}>
        <OpsButton
          isDisabled={!geekId || transition.isPending}
          onPress={() =>
            transition.mutate(
              { name: 'assign_geek', writer_id: geekId },
              {
                onSuccess: () => props.onOpenChange(false),
                onError: (e) => setError(e instanceof ApiError ? e.text : 'Unknown error'),
              },
            )
          }
        >
          Assign
        </OpsButton>
        <OpsButton variant="secondary" onPress={() => props.onOpenChange(false)}>
          Cancel
        </OpsButton>
      </div>
    </OpsModal>
  );
}
