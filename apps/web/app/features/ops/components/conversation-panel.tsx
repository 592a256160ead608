import { opsOrdersContract } from '@geekly/domain/ops/ops-orders-contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { announce } from '../../../lib/announce.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { staffSession } from '../api/ops-client.ts';
import { formatWhen, OpsButton, OpsTextField, opsStyles as s } from './widgets.tsx';

const WHO: Record<string, string> = {
  client: 'Client',
  writer: 'Geek',
  operator: 'Account Manager',
  system: 'Geekly',
};

/** The task's conversation; staff reply as the Account Manager or as the Geek (audited by the API). */
export function ConversationPanel({ orderId }: { orderId: string }) {
  const qc = useQueryClient();
  const messages = useQuery({
    queryKey: ['ops', 'order', orderId, 'messages'],
    // Refetched by the staff event stream (a message event on this task), not by polling.
    queryFn: () => apiCall(opsOrdersContract.messages, { params: { id: orderId } }, { auth: staffSession }),
  });
  const [text, setText] = useState('');
  const [as, setAs] = useState<'operator' | 'writer'>('operator');
  const [error, setError] = useState('');
  const send = useMutation({
    mutationFn: () =>
      apiCall(
        opsOrdersContract.sendMessage,
        { params: { id: orderId }, body: { message: text, sender_role: as } },
        { auth: staffSession },
      ),
    onSuccess: () => {
      setText('');
      announce('Message sent');
      return Promise.all([
        qc.invalidateQueries({ queryKey: ['ops', 'order', orderId] }),
        qc.invalidateQueries({ queryKey: ['ops', 'audit'] }),
      ]);
    },
    onError: (err) => setError(err instanceof ApiError ? err.text : 'Unknown error'),
  });
  return (
    <section className={s.card} aria-labelledby="conversation-title">
      <h2 id="conversation-title">Conversation</h2>
      <ul className={s.list}>
        {(messages.data?.results ?? []).map((m) => (
          <li key={m._id}>
            <strong>{WHO[m.sender_role] ?? m.sender_role}:</strong> {m.message}
            <div className={s.muted}>{formatWhen(m.created_at)}</div>
          </li>
        ))}
      </ul>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          send.mutate();
        }}
      >
        <RadioGroup value={as} onChange={(v) => setAs(v as 'operator' | 'writer')} className={s.field}>
          <Label>Reply as</Label>
          <div className={s.radios}>
            <Radio value="operator" className={s.radio}>
              Account Manager
            </Radio>
            <Radio value="writer" className={s.radio}>
              The Geek
            </Radio>
          </div>
        </RadioGroup>
        <OpsTextField label="Reply" name="reply" value={text} onChange={setText} multiline error={error} />
        <OpsButton type="submit" isDisabled={send.isPending || !text.trim()}>
          Send
        </OpsButton>
      </Form>
    </section>
  );
}
