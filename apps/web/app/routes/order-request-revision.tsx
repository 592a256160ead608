import { useState } from 'react';
import { Navigate, useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import {
  type RevisionDraft,
  RevisionForm,
  RevisionPreview,
} from '../features/orders/components/revision-request.tsx';
import { useOrder } from '../lib/order-queries.ts';

export function meta() {
  return [{ title: 'Request revision — Geekly' }];
}

/**
 * docs/product/statuses-and-state-machine.md '/order/{id}/request-revision' and '/request-revision/preview'. The preview shows the draft
 * (carried in the history state) before sending, or, when a revision is already requested, the request sent
 * ('Show my request'). docs/product/statuses-and-state-machine.md: with no request possible, the page redirects to the task.
 */
export default function OrderRequestRevisionRoute() {
  const { orderId = '' } = useParams();
  const preview = useMatches().some((m) => m.id === 'order-request-revision-preview');
  const location = useLocation();
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const [sent, setSent] = useState(false);
  const draft = (location.state as { draft?: RevisionDraft } | null)?.draft ?? null;
  const back = `/order/${encodeURIComponent(orderId)}`;
  if (!order.data) return null;
  const o = order.data;
  const close = () => navigate(back);

  if (sent) {
    return (
      <Dialog title="Thank you!" onClose={close}>
        <p>We have your revision request. Your Geek will get to work on it.</p>
        <Button type="button" onClick={close}>
          Back to the task
        </Button>
      </Dialog>
    );
  }
  const requested = o.revision_prompt?.kind === 'requested' && o.revision_comment !== null;
  if (preview) {
    if (!(draft && o.can.request_revision) && !requested) return <Navigate to={back} replace />;
    return (
      <Dialog title={draft ? 'Check your revision request' : 'Your revision request'} onClose={close}>
        <RevisionPreview
          order={o}
          draft={draft && o.can.request_revision ? draft : null}
          onEdit={() => navigate(`${back}/request-revision`, { state: { draft }, replace: true })}
          onSent={() => setSent(true)}
        />
      </Dialog>
    );
  }
  if (!o.can.request_revision) return <Navigate to={back} replace />;
  return (
    <Dialog title="Request revision" onClose={close}>
      <RevisionForm
        orderId={orderId}
        draft={draft}
        onPreview={(d) => navigate(`${back}/request-revision/preview`, { state: { draft: d } })}
      />
    </Dialog>
  );
}
