import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useGeeks, useTransition } from '../api/ops-queries.ts';
import type { OpsOrder } from '../api/ops-types.ts';
import { OpsButton, OpsModal, OpsSelect, opsStyles as s } from './widgets.tsx';

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

/** A button for each operator transition the state machine allows now (the server's list); nothing else. */
export function TransitionActions({ order }: { order: OpsOrder }) {
  const transition = useTransition(order._id);
  const [assigning, setAssigning] = useState(false);
  const [error, setError] = useState('');
  const run = (name: string) => {
    setError('');
    transition.mutate(
      { name },
      { onError: (e) => setError(e instanceof ApiError ? e.text : 'Unknown error') },
    );
  };
  return (
    <section className={s.card} aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      {order.operator_transitions.length === 0 ? (
        <p className={s.muted}>No operator step is possible in this state.</p>
      ) : (
        <div className={s.actions}>
          {order.operator_transitions.map((name) => (
            <OpsButton
              key={name}
              variant={name.startsWith('decline') ? 'secondary' : 'primary'}
              isDisabled={transition.isPending}
              onPress={() => (name === 'assign_geek' ? setAssigning(true) : run(name))}
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
    </section>
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
