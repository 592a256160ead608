import { describe, expect, it } from 'vitest';
import {
  CLIENT_STATUSES,
  canRate,
  canRequestRefund,
  displayStatus,
  isChangeable,
  isCompleted,
  isDeleted,
  isLookingForGeek,
  isRevisionCompleted,
  isUnderReview,
  type OrderStatusInput,
  paymentState,
  SYSTEM_CLIENT_STATUSES,
} from '../src/orders/order-status.ts';
import {
  unpaidOrder as base,
  delivered,
  lookingForGeek,
  min,
  now,
  order,
  working as workingFields,
} from './fixtures/order-fixtures.ts';

const show = (o: Partial<OrderStatusInput>) => displayStatus(order(o), now);

// In this file the working task was first paid ten hours ago.
const working = { ...workingFields, client_paid_at_first: min(-600) } as const;

describe('the backend statuses', () => {
  it('are those of docs/product/statuses-and-state-machine.md', () => {
    expect(SYSTEM_CLIENT_STATUSES).toHaveLength(12);
    expect(SYSTEM_CLIENT_STATUSES).toContain('New project');
    expect(SYSTEM_CLIENT_STATUSES).toContain('Unpaid');
    expect(CLIENT_STATUSES).toEqual([
      'Sent',
      'Revision sent',
      'Nerd found',
      'In progress',
      'Final touches',
      'On revision',
      'Revision requested',
    ]);
  });
});

describe('rule 1: New Task', () => {
  it('shows for a task without a price or an id', () => {
    expect(show({ priceCents: null })).toMatchObject({
      key: 'new',
      label: 'New Task',
      progress: 0,
      listLabel: null,
    });
    expect(show({ hasId: false }).label).toBe('New Task');
    expect(show({ system_client_status: 'New project', priceCents: null }).label).toBe('New Task');
  });
  it.each([
    { profile_arch: 1 },
    { system_client_status: 'Deleted' as const },
    { tags: ['delete_order'] },
    { client_remove: true },
  ])('shows for a deleted task (%j), with a full bar', (deleted) => {
    expect(isDeleted(order(deleted))).toBe(true);
    expect(show(deleted)).toMatchObject({ label: 'New Task', progress: 100 });
  });
  it('wins over every later rule', () => {
    expect(show({ ...lookingForGeek, client_remove: true }).label).toBe('New Task');
    expect(show({ ...working, tags: ['delete_order'] }).label).toBe('New Task');
    expect(show({ ...delivered, profile_arch: 1 }).label).toBe('New Task');
    expect(show({ ...working, priceCents: null }).label).toBe('New Task');
  });
  it('is not triggered by other archive values', () => {
    expect(isDeleted(order({ profile_arch: 0 }))).toBe(false);
    expect(isDeleted(order({ profile_arch: 2 }))).toBe(false);
  });
});

describe('rule 2: Checking your instructions', () => {
  it('shows within 30 minutes (inclusive) of the first payment', () => {
    for (const m of [0, -1, -29, -30]) {
      expect(show({ ...lookingForGeek, client_paid_at_first: min(m) })).toMatchObject({
        key: 'checking_instructions',
        label: 'Checking your instructions',
        waitText: 'Usually takes up to 10 min',
        listLabel: 'Looking for a Geek',
        progress: 20,
      });
    }
  });
  it('ends after 30 minutes', () => {
    const justAfter = new Date(now.getTime() - 30 * 60_000 - 1);
    expect(show({ ...lookingForGeek, client_paid_at_first: justAfter }).label).toBe(
      'Selecting the best Geek',
    );
  });
  it.each([
    'recap_sent',
    'instr_ok',
    'instr_fixed',
    'instr_fixed_minor',
    'instr_not_ok_fixed',
    'instr_not_ok_crucial_fixed',
  ])('ends once the instructions are checked (%s)', (tag) => {
    expect(show({ ...lookingForGeek, client_paid_at_first: min(-5), tags: [tag] }).label).toBe(
      'Selecting the best Geek',
    );
  });
  it('is not ended by unrelated tags', () => {
    expect(show({ ...lookingForGeek, client_paid_at_first: min(-5), tags: ['no_feedback_1d'] }).label).toBe(
      'Checking your instructions',
    );
  });
  it('needs the looking-for-a-Geek state', () => {
    expect(show({ ...working, client_paid_at_first: min(-5) }).label).toBe('Geek is working');
  });
});

describe('rule 3: Selecting the best Geek', () => {
  it('waits up to 30 min when the deadline is within 6 hours of the first payment', () => {
    const paidAt = min(-60);
    expect(show({ ...lookingForGeek, deadline: new Date(paidAt.getTime() + 6 * 3_600_000) })).toMatchObject({
      key: 'selecting_geek',
      label: 'Selecting the best Geek',
      waitText: 'up to 30 min',
      listLabel: 'Looking for a Geek',
      progress: 20,
    });
    expect(
      show({ ...lookingForGeek, deadline: new Date(paidAt.getTime() + 6 * 3_600_000 + 1) }).waitText,
    ).toBe('30 min up to a few hours');
  });
  it('applies to Paid and to a declined refund with no Geek or with Nerd found', () => {
    expect(isLookingForGeek(order({ system_client_status: 'Paid' }))).toBe(true);
    expect(isLookingForGeek(order({ system_client_status: 'Refund Declined', geekId: null }))).toBe(true);
    expect(
      isLookingForGeek(
        order({ system_client_status: 'Refund Declined', geekId: 'g1', client_status: 'Nerd found' }),
      ),
    ).toBe(true);
    expect(
      isLookingForGeek(
        order({ system_client_status: 'Refund Declined', geekId: 'g1', client_status: 'In progress' }),
      ),
    ).toBe(false);
    expect(isLookingForGeek(order({ system_client_status: 'In Progress' }))).toBe(false);
    expect(show({ system_client_status: 'Refund Declined', paidCents: 3000 }).label).toBe(
      'Selecting the best Geek',
    );
  });
  it('wins over a refund flag', () => {
    expect(show({ ...lookingForGeek, refunded: true }).label).toBe('Selecting the best Geek');
  });
});

describe('rule 4: Geek is working', () => {
  it.each(['In progress', 'Final touches', 'Nerd found', null] as const)(
    'shows while In Progress with client status %s',
    (client_status) => {
      expect(show({ ...working, client_status })).toMatchObject({
        key: 'working',
        label: 'Geek is working',
        listLabel: 'Geek is working',
        waitText: null,
      });
    },
  );
  it('fills the bar from 40 to 100 over the work window', () => {
    const w = (start: number, end: number) =>
      show({ ...working, work_started_at: min(start), work_window_end: min(end) });
    expect(w(0, 120).progress).toBe(40);
    expect(w(-60, 60).progress).toBe(70);
    expect(w(-90, 30).progress).toBe(85);
    expect(w(-120, 0).progress).toBe(100);
    expect(w(-120, -60).progress).toBe(100);
    expect(w(60, 120).progress).toBe(40);
    expect(show(working).progress).toBe(40);
  });
  it('follows client_status when a refund or revision was declined', () => {
    expect(show({ ...working, system_client_status: 'Refund Declined' }).label).toBe('Geek is working');
    expect(
      show({ ...working, system_client_status: 'Revision Declined', client_status: 'Final touches' }).label,
    ).toBe('Geek is working');
  });
  it('wins over a refund', () => {
    expect(show({ ...working, refunded: true }).label).toBe('Geek is working');
  });
});

describe('rule 5: Refunded', () => {
  it('shows for a refunded task or an accepted refund', () => {
    expect(show({ ...delivered, refunded: true })).toMatchObject({
      key: 'refunded',
      label: 'Refunded',
      progress: 100,
      listLabel: 'Refunded',
    });
    expect(show({ system_client_status: 'Refund Accepted', paidCents: 10000 }).label).toBe('Refunded');
  });
  it('wins over a refund request and a completed revision', () => {
    expect(show({ system_client_status: 'Refund Requested', refunded: true }).label).toBe('Refunded');
    expect(show({ system_client_status: 'Revision Completed', refunded: true }).label).toBe('Refunded');
  });
});

describe('rule 6: Refund requested', () => {
  it('shows at half width, without a list label', () => {
    expect(
      show({ system_client_status: 'Refund Requested', paidCents: 10000, client_status: 'Sent' }),
    ).toMatchObject({
      key: 'refund_requested',
      label: 'Refund requested',
      progress: 50,
      listLabel: null,
    });
  });
  it('wins over a completed revision', () => {
    expect(
      show({
        system_client_status: 'Refund Requested',
        client_status: 'Sent',
        force_review_at: min(-120),
        revision_accept_at: min(-60),
      }).label,
    ).toBe('Refund requested');
  });
});

describe('rule 7: Revision is completed', () => {
  it('shows for Revision Completed, rated or not', () => {
    expect(show({ system_client_status: 'Revision Completed', paidCents: 10000 })).toMatchObject({
      key: 'revision_completed',
      label: 'Revision is completed',
      progress: 100,
      listLabel: null,
      rated: false,
    });
    expect(show({ system_client_status: 'Revision Completed', paidCents: 10000, mark: 5 }).rated).toBe(true);
  });
  it('shows when the revision was accepted at or after a forced review', () => {
    const sent = { ...delivered, system_client_status: 'In Progress', force_review_at: min(-120) } as const;
    expect(isRevisionCompleted(order({ ...sent, revision_accept_at: min(-120) }))).toBe(true);
    expect(show({ ...sent, revision_accept_at: min(-60) }).label).toBe('Revision is completed');
    expect(isRevisionCompleted(order({ ...sent, revision_accept_at: min(-121) }))).toBe(false);
    expect(isRevisionCompleted(order({ ...sent, revision_accept_at: null }))).toBe(false);
  });
  it('shows for Revision sent when a refund or a revision was declined', () => {
    expect(
      show({ system_client_status: 'Refund Declined', client_status: 'Revision sent', geekId: 'g1' }).label,
    ).toBe('Revision is completed');
    expect(
      show({ system_client_status: 'Revision Declined', client_status: 'Revision sent', geekId: 'g1' }).label,
    ).toBe('Revision is completed');
  });
  it('wins over a revision in progress', () => {
    expect(show({ system_client_status: 'Revision Completed', client_status: 'On revision' }).label).toBe(
      'Revision is completed',
    );
  });
});

describe('rule 8: Revision in progress', () => {
  const onRevision = {
    system_client_status: 'Revision Requested',
    client_status: 'On revision',
    paidCents: 10000,
  } as const;
  it('shows while on revision, with the window progress', () => {
    expect(show({ ...onRevision, work_started_at: min(-30), work_window_end: min(30) })).toMatchObject({
      key: 'revision_in_progress',
      label: 'Revision in progress',
      listLabel: 'Revision in progress',
      progress: 70,
    });
    expect(show({ ...onRevision, work_started_at: min(-30), work_window_end: min(-1) }).progress).toBe(100);
    expect(show(onRevision).progress).toBe(40);
  });
  it('wins over the revision request', () => {
    expect(show(onRevision).label).toBe('Revision in progress');
  });
});

describe('rule 9: Revision requested', () => {
  it('shows for a requested revision, at 20%', () => {
    expect(
      show({
        system_client_status: 'Revision Requested',
        client_status: 'Revision requested',
        paidCents: 10000,
      }),
    ).toMatchObject({
      key: 'revision_requested',
      label: 'Revision requested',
      progress: 20,
      listLabel: 'Revision requested',
    });
    expect(show({ system_client_status: 'Revision Requested', client_status: 'Sent' }).label).toBe(
      'Revision requested',
    );
    expect(
      show({ system_client_status: 'Revision Declined', client_status: 'Revision requested', geekId: 'g1' })
        .label,
    ).toBe('Revision requested');
  });
  it('wins over a completed task', () => {
    expect(show({ ...delivered, system_client_status: 'Revision Requested' }).label).toBe(
      'Revision requested',
    );
  });
});

describe('rule 10: Task is completed', () => {
  it('shows for Completed, rated or not', () => {
    expect(show(delivered)).toMatchObject({
      key: 'completed',
      label: 'Task is completed',
      waitText: null,
      progress: 100,
      listLabel: null,
      rated: false,
    });
    expect(show({ ...delivered, mark: 4 }).rated).toBe(true);
  });
  it('asks for the remaining 70% when only part of the base price was paid', () => {
    expect(show({ ...delivered, paidCents: 3000 }).waitText).toBe('Pay the remaining 70%');
    expect(show({ ...delivered, paidCents: 9999 }).waitText).toBe('Pay the remaining 70%');
    expect(show({ ...delivered, paidCents: 10000 }).waitText).toBeNull();
    expect(show({ ...delivered, paidCents: 0 }).waitText).toBeNull();
    expect(show({ ...delivered, paidCents: 3000, basePriceCents: null }).waitText).toBeNull();
  });
  it('shows for Sent without a forced review, or with a declined refund', () => {
    expect(isCompleted(order({ system_client_status: 'In Progress', client_status: 'Sent' }))).toBe(true);
    expect(show({ system_client_status: 'In Progress', client_status: 'Sent', paidCents: 10000 }).label).toBe(
      'Task is completed',
    );
    expect(
      isCompleted(
        order({ system_client_status: 'In Progress', client_status: 'Sent', force_review_at: min(-10) }),
      ),
    ).toBe(false);
    const declined = {
      system_client_status: 'Refund Declined',
      client_status: 'Sent',
      geekId: 'g1',
    } as const;
    expect(show({ ...declined, force_review_at: min(-10), paidCents: 10000 }).label).toBe(
      'Task is completed',
    );
  });
});

describe('rule 11: Unpaid', () => {
  it('shows for anything else, with a full bar', () => {
    expect(show({})).toMatchObject({
      key: 'unpaid',
      label: 'Unpaid',
      waitText: 'Pay the deposit to get a Geek',
      progress: 100,
      listLabel: null,
    });
    expect(show({ system_client_status: 'New project' }).label).toBe('Unpaid');
  });
});

describe('list labels', () => {
  it('exist only for looking for a Geek, working, revision requested or in progress, and refunded', () => {
    const labels = [
      show({ priceCents: null }),
      show({ ...lookingForGeek, client_paid_at_first: min(-1) }),
      show(lookingForGeek),
      show(working),
      show({ refunded: true }),
      show({ system_client_status: 'Refund Requested' }),
      show({ system_client_status: 'Revision Completed' }),
      show({ client_status: 'On revision', system_client_status: 'Revision Requested' }),
      show({ system_client_status: 'Revision Requested' }),
      show(delivered),
      show({}),
    ].map((s) => [s.label, s.listLabel]);
    expect(labels).toEqual([
      ['New Task', null],
      ['Checking your instructions', 'Looking for a Geek'],
      ['Selecting the best Geek', 'Looking for a Geek'],
      ['Geek is working', 'Geek is working'],
      ['Refunded', 'Refunded'],
      ['Refund requested', null],
      ['Revision is completed', null],
      ['Revision in progress', 'Revision in progress'],
      ['Revision requested', 'Revision requested'],
      ['Task is completed', null],
      ['Unpaid', null],
    ]);
  });
});

describe('payment', () => {
  it('is unpaid at 0, partially paid below the price, fully paid at or above it', () => {
    expect(paymentState(order({ paidCents: 0 }))).toBe('unpaid');
    expect(paymentState(order({ paidCents: 1 }))).toBe('partially_paid');
    expect(paymentState(order({ paidCents: 9999 }))).toBe('partially_paid');
    expect(paymentState(order({ paidCents: 10000 }))).toBe('fully_paid');
    expect(paymentState(order({ paidCents: 10001 }))).toBe('fully_paid');
    expect(paymentState(order({ paidCents: 500, priceCents: null }))).toBe('partially_paid');
  });
  it('locks the task once paid, refunded or refund-requested', () => {
    expect(isChangeable(base)).toBe(true);
    expect(isChangeable(order({ paidCents: 1 }))).toBe(false);
    expect(isChangeable(order({ paidCents: 10000 }))).toBe(false);
    expect(isChangeable(order({ refunded: true }))).toBe(false);
    expect(isChangeable(order({ system_client_status: 'Refund Accepted' }))).toBe(false);
    expect(isChangeable(order({ system_client_status: 'Refund Requested' }))).toBe(false);
  });
});

describe('what the client may do', () => {
  it('reviews a task sent, revision sent, revision requested or in progress', () => {
    for (const s of ['Sent', 'Revision sent', 'Revision requested', 'In progress'] as const) {
      expect(isUnderReview(order({ client_status: s }))).toBe(true);
    }
    for (const s of ['Nerd found', 'Final touches', 'On revision', null] as const) {
      expect(isUnderReview(order({ client_status: s }))).toBe(false);
    }
  });
  it('rates once, when completed and paid, refund-requested, refunded or revision-completed', () => {
    expect(canRate(order(delivered))).toBe(true);
    expect(canRate(order({ ...delivered, mark: 3 }))).toBe(false);
    expect(canRate(order({ ...delivered, paidCents: 0 }))).toBe(false);
    expect(canRate(order({ system_client_status: 'Refund Requested' }))).toBe(true);
    expect(canRate(order({ refunded: true }))).toBe(true);
    expect(canRate(order({ system_client_status: 'Revision Completed' }))).toBe(true);
    expect(canRate(order(working))).toBe(false);
    expect(canRate(base)).toBe(false);
  });
  it('asks for a refund when paid with no Geek, or fully paid with the Geek not working', () => {
    expect(canRequestRefund(order(lookingForGeek))).toBe(true);
    expect(canRequestRefund(order(delivered))).toBe(true);
    expect(canRequestRefund(order({ ...delivered, paidCents: 3000 }))).toBe(false);
    expect(canRequestRefund(order(working))).toBe(false);
    expect(canRequestRefund(base)).toBe(false);
    expect(canRequestRefund(order({ ...delivered, refunded: true }))).toBe(false);
    expect(canRequestRefund(order({ ...delivered, system_client_status: 'Refund Requested' }))).toBe(false);
    expect(canRequestRefund(order({ ...delivered, system_client_status: 'Revision Requested' }))).toBe(false);
    expect(canRequestRefund(order({ ...delivered, client_status: 'On revision' }))).toBe(false);
  });
});
