import { describe, expect, it } from 'vitest';
import { defaultDeadline, roundUpToHour } from '../src/orders/deadline.ts';
import {
  displayStatus,
  isChangeable,
  isDeleted,
  type OrderStatusInput,
  paymentState,
} from '../src/orders/order-status.ts';

describe('deadlines', () => {
  it('defaults to 72 hours ahead rounded up to the next full hour', () => {
    expect(defaultDeadline(new Date('2026-01-01T10:20:00Z')).toISOString()).toBe('2026-01-04T11:00:00.000Z');
    expect(defaultDeadline(new Date('2026-01-01T10:00:00Z')).toISOString()).toBe('2026-01-04T10:00:00.000Z');
    expect(roundUpToHour(new Date('2026-01-01T10:00:00.001Z')).toISOString()).toBe(
      '2026-01-01T11:00:00.000Z',
    );
  });
});

const now = new Date('2026-03-01T12:00:00Z');
const min = (m: number) => new Date(now.getTime() + m * 60_000);
const base: OrderStatusInput = {
  hasId: true,
  priceCents: 10000,
  paidCents: 0,
  basePriceCents: 10000,
  system_client_status: 'Unpaid',
  client_status: null,
  tags: [],
  profile_arch: 0,
  client_remove: false,
  client_paid_at_first: null,
  deadline: min(72 * 60),
  writerId: null,
  mark: 0,
  force_review_at: null,
  revision_accept_at: null,
  refunded: false,
  work_started_at: null,
  work_window_end: null,
};
const s = (o: Partial<OrderStatusInput>) => displayStatus({ ...base, ...o }, now);

describe('the displayed status (first match wins)', () => {
  it('1. New Task without a price, or when deleted, whatever else holds', () => {
    expect(s({ priceCents: null }).label).toBe('New Task');
    expect(s({ hasId: false }).label).toBe('New Task');
    expect(s({ tags: ['delete_order'], system_client_status: 'Paid', paidCents: 10000 })).toMatchObject({
      label: 'New Task',
      progress: 100,
    });
  });
  it('2. Checking your instructions only within 30 minutes of first payment and without instruction tags', () => {
    const paid = { system_client_status: 'Paid' as const, paidCents: 3000 };
    expect(s({ ...paid, client_paid_at_first: min(-30) })).toMatchObject({
      label: 'Checking your instructions',
      waitText: 'Usually takes up to 10 min',
      listLabel: 'Looking for a Geek',
      progress: 20,
    });
    expect(s({ ...paid, client_paid_at_first: min(-31) }).label).toBe('Selecting the best Geek');
    expect(s({ ...paid, client_paid_at_first: min(-5), tags: ['recap_sent'] }).label).toBe(
      'Selecting the best Geek',
    );
  });
  it('3. Selecting the best Geek, with the 6-hour wait threshold', () => {
    const paid = { system_client_status: 'Paid' as const, paidCents: 3000, client_paid_at_first: min(-60) };
    expect(s({ ...paid, deadline: min(-60 + 6 * 60) }).waitText).toBe('up to 30 min');
    expect(s({ ...paid, deadline: min(-60 + 6 * 60 + 1) }).waitText).toBe('30 min up to a few hours');
    expect(s({ system_client_status: 'Refund Declined', paidCents: 3000, writerId: null }).label).toBe(
      'Selecting the best Geek',
    );
  });
  it('4. Geek is working, with progress growing over the window', () => {
    const w = {
      system_client_status: 'In Progress' as const,
      client_status: 'In progress' as const,
      paidCents: 10000,
      writerId: 'g',
    };
    expect(s({ ...w, work_started_at: min(-60), work_window_end: min(60) })).toMatchObject({
      label: 'Geek is working',
      progress: 70,
    });
    expect(s({ ...w, work_started_at: min(-120), work_window_end: min(-60) }).progress).toBe(100);
  });
  it('5-6. Refunded and Refund requested', () => {
    expect(s({ refunded: true, paidCents: 0 })).toMatchObject({ label: 'Refunded', progress: 100 });
    expect(s({ system_client_status: 'Refund Accepted' }).label).toBe('Refunded');
    expect(s({ system_client_status: 'Refund Requested', paidCents: 10000 })).toMatchObject({
      label: 'Refund requested',
      progress: 50,
    });
  });
  it('7-9. Revision states', () => {
    expect(s({ system_client_status: 'Revision Completed', paidCents: 10000 })).toMatchObject({
      label: 'Revision is completed',
      progress: 100,
    });
    expect(
      s({ system_client_status: 'Revision Requested', client_status: 'On revision', paidCents: 10000 }).label,
    ).toBe('Revision in progress');
    expect(
      s({
        system_client_status: 'Revision Requested',
        client_status: 'Revision requested',
        paidCents: 10000,
      }),
    ).toMatchObject({
      label: 'Revision requested',
      progress: 20,
    });
  });
  it('10. Task is completed, asking for the remaining 70% when only the deposit was paid', () => {
    expect(s({ system_client_status: 'Completed', paidCents: 10000 })).toMatchObject({
      label: 'Task is completed',
      waitText: null,
    });
    expect(s({ system_client_status: 'Completed', paidCents: 3000 }).waitText).toBe('Pay the remaining 70%');
    expect(s({ system_client_status: 'In Progress', client_status: 'Sent', paidCents: 10000 }).label).toBe(
      'Task is completed',
    );
  });
  it('11. Unpaid otherwise', () => {
    expect(s({})).toMatchObject({
      label: 'Unpaid',
      waitText: 'Pay the deposit to get a Geek',
      progress: 100,
    });
  });
});

describe('payment and locking', () => {
  it('knows unpaid, partially and fully paid', () => {
    expect(paymentState({ ...base, paidCents: 0 })).toBe('unpaid');
    expect(paymentState({ ...base, paidCents: 3000 })).toBe('partially_paid');
    expect(paymentState({ ...base, paidCents: 10000 })).toBe('fully_paid');
  });
  it('locks a task once paid, refunded or refund-requested', () => {
    expect(isChangeable(base)).toBe(true);
    expect(isChangeable({ ...base, paidCents: 1 })).toBe(false);
    expect(isChangeable({ ...base, refunded: true })).toBe(false);
    expect(isChangeable({ ...base, system_client_status: 'Refund Requested' })).toBe(false);
  });
  it('knows each way a task is deleted', () => {
    expect(isDeleted({ ...base, profile_arch: 1 })).toBe(true);
    expect(isDeleted({ ...base, client_remove: true })).toBe(true);
    expect(isDeleted({ ...base, system_client_status: 'Deleted' })).toBe(true);
    expect(isDeleted(base)).toBe(false);
  });
});
