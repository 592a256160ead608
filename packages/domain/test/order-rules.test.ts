import { describe, expect, it } from 'vitest';
import { canRequestRevision, canTip } from '../src/orders/order-status.ts';
import {
  unpaidOrder as base,
  delivered,
  lookingForGeek,
  order,
  revisionCompleted,
  working,
} from './fixtures/order-fixtures.ts';

describe('canRequestRevision', () => {
  it('allows a delivered, paid task', () => {
    expect(canRequestRevision(order(delivered))).toBe(true);
    expect(canRequestRevision(order({ ...delivered, paidCents: 3000 }))).toBe(true);
    expect(canRequestRevision(order({ ...delivered, paidCents: 1 }))).toBe(true);
    expect(canRequestRevision(order({ ...delivered, mark: 5 }))).toBe(true);
    // Sent while the backend still says In Progress is delivered too (docs/product/statuses-and-state-machine.md "Completed").
    expect(canRequestRevision(order({ ...delivered, system_client_status: 'In Progress' }))).toBe(true);
  });
  it('refuses an unpaid delivered task', () => {
    expect(canRequestRevision(order({ ...delivered, paidCents: 0 }))).toBe(false);
  });
  it('refuses a task not delivered yet', () => {
    expect(canRequestRevision(base)).toBe(false);
    expect(canRequestRevision(order(lookingForGeek))).toBe(false);
    expect(canRequestRevision(order(working))).toBe(false);
    expect(canRequestRevision(order({ ...working, client_status: 'Nerd found' }))).toBe(false);
    expect(canRequestRevision(order({ ...working, client_status: 'Final touches' }))).toBe(false);
  });
  it('refuses a refund requested or refunded, and a deleted task', () => {
    expect(canRequestRevision(order({ ...delivered, system_client_status: 'Refund Requested' }))).toBe(false);
    expect(canRequestRevision(order({ ...delivered, system_client_status: 'Refund Accepted' }))).toBe(false);
    expect(canRequestRevision(order({ ...delivered, refunded: true }))).toBe(false);
    expect(canRequestRevision(order({ ...delivered, client_remove: true }))).toBe(false);
    expect(canRequestRevision(order({ ...delivered, tags: ['delete_order'] }))).toBe(false);
  });
  it('refuses while a revision is requested or on revision', () => {
    expect(canRequestRevision(order({ ...delivered, system_client_status: 'Revision Requested' }))).toBe(
      false,
    );
    expect(canRequestRevision(order({ ...delivered, client_status: 'Revision requested' }))).toBe(false);
    expect(
      canRequestRevision(
        order({ ...delivered, system_client_status: 'Revision Requested', client_status: 'On revision' }),
      ),
    ).toBe(false);
  });
  it('allows another revision once the revision is completed', () => {
    expect(canRequestRevision(order(revisionCompleted))).toBe(true);
    expect(canRequestRevision(order({ ...revisionCompleted, paidCents: 0 }))).toBe(false);
    expect(canRequestRevision(order({ ...revisionCompleted, system_client_status: 'Refund Declined' }))).toBe(
      true,
    );
  });
  it('allows it again after a declined revision or refund falls back to Sent', () => {
    expect(canRequestRevision(order({ ...delivered, system_client_status: 'Revision Declined' }))).toBe(true);
    expect(canRequestRevision(order({ ...delivered, system_client_status: 'Refund Declined' }))).toBe(true);
  });
});

describe('canTip', () => {
  it('allows a paid task with no tip, unrated or rated 4 or more', () => {
    expect(canTip(order(delivered), 0)).toBe(true);
    expect(canTip(order({ ...delivered, mark: 4 }), 0)).toBe(true);
    expect(canTip(order({ ...delivered, mark: 5 }), 0)).toBe(true);
    expect(canTip(order({ ...lookingForGeek, geekId: 'geek-1' }), 0)).toBe(true);
    expect(canTip(order({ ...delivered, paidCents: 1 }), 0)).toBe(true);
  });
  it('refuses a task with no Geek to receive the tip', () => {
    expect(canTip(order({ ...lookingForGeek, geekId: null }), 0)).toBe(false);
    expect(canTip(order({ ...delivered, geekId: null }), 0)).toBe(false);
  });
  it('refuses a mark under 4', () => {
    expect(canTip(order({ ...delivered, mark: 3 }), 0)).toBe(false);
    expect(canTip(order({ ...delivered, mark: 1 }), 0)).toBe(false);
  });
  it('refuses once a tip is paid', () => {
    expect(canTip(order(delivered), 1)).toBe(false);
    expect(canTip(order({ ...delivered, mark: 5 }), 500)).toBe(false);
  });
  it('refuses an unpaid or deleted task', () => {
    expect(canTip(base, 0)).toBe(false);
    expect(canTip(order({ ...delivered, paidCents: 0 }), 0)).toBe(false);
    expect(canTip(order({ ...delivered, profile_arch: 1 }), 0)).toBe(false);
    expect(canTip(order({ ...delivered, system_client_status: 'Deleted' }), 0)).toBe(false);
  });
});
