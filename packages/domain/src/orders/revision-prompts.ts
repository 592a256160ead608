import type { OrderStatusInput } from './order-status.ts';

type RevisionPrompt =
  | { kind: 'ask'; text: 'Is everything ok?'; action: 'Request revision' }
  | { kind: 'requested'; text: 'You requested revision'; action: 'Show my request' };

// docs/product/statuses-and-state-machine.md "Revision prompts": "requested or in progress".
function isRevisionPending(o: OrderStatusInput): boolean {
  return (
    o.system_client_status === 'Revision Requested' ||
    o.client_status === 'Revision requested' ||
    o.client_status === 'On revision'
  );
}

/**
 * docs/product/statuses-and-state-machine.md "Revision prompts". Whether a revision can be requested is decided elsewhere and passed in. A
 * pending revision wins over the ask: a client with a request in flight sees that request.
 */
export function revisionPrompt(
  order: OrderStatusInput,
  { canRequestRevision }: { canRequestRevision: boolean },
): RevisionPrompt | null {
  if (isRevisionPending(order))
    return { kind: 'requested', text: 'You requested revision', action: 'Show my request' };
  if (canRequestRevision) return { kind: 'ask', text: 'Is everything ok?', action: 'Request revision' };
  return null;
}
