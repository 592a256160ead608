import { describe, expect, it } from 'vitest';
import {
  CLIENT_STATUSES,
  type OrderStatusInput,
  SYSTEM_CLIENT_STATUSES,
} from '../src/orders/order-status.ts';
import { revisionPrompt } from '../src/orders/revision-prompts.ts';
import { delivered, orderFrom, unpaidOrder } from './fixtures/order-fixtures.ts';

// A delivered, fully paid task without a deadline; each case below changes what its rule needs.
const base: OrderStatusInput = { ...unpaidOrder, ...delivered, deadline: null };
const order = orderFrom(base);

const ASK = { kind: 'ask', text: 'Is everything ok?', action: 'Request revision' };
const REQUESTED = { kind: 'requested', text: 'You requested revision', action: 'Show my request' };

describe('revisionPrompt', () => {
  it('asks when a revision can be requested', () => {
    expect(revisionPrompt(base, { canRequestRevision: true })).toEqual(ASK);
  });
  it('shows nothing when a revision can be neither requested nor is pending', () => {
    expect(revisionPrompt(base, { canRequestRevision: false })).toBeNull();
  });
  it.each([
    { system_client_status: 'Revision Requested', client_status: 'Sent' },
    { system_client_status: 'Revision Requested', client_status: null },
    { system_client_status: 'Completed', client_status: 'Revision requested' },
    { system_client_status: 'Revision Declined', client_status: 'Revision requested' },
    { system_client_status: 'Revision Requested', client_status: 'On revision' },
    { system_client_status: 'In Progress', client_status: 'On revision' },
  ] as const)('shows the request while it is pending (%j)', (pending) => {
    expect(revisionPrompt(order(pending), { canRequestRevision: false })).toEqual(REQUESTED);
  });
  it('shows the pending request rather than asking again', () => {
    expect(revisionPrompt(order({ client_status: 'On revision' }), { canRequestRevision: true })).toEqual(
      REQUESTED,
    );
  });
  it('shows no request for any other status', () => {
    for (const system_client_status of SYSTEM_CLIENT_STATUSES) {
      if (system_client_status === 'Revision Requested') continue;
      for (const client_status of [...CLIENT_STATUSES, null]) {
        if (client_status === 'Revision requested' || client_status === 'On revision') continue;
        const o = order({ system_client_status, client_status });
        expect(revisionPrompt(o, { canRequestRevision: false })).toBeNull();
        expect(revisionPrompt(o, { canRequestRevision: true })).toEqual(ASK);
      }
    }
  });
});
