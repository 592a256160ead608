import { describe, expect, it } from 'vitest';
import {
  amountDueCents,
  GEEK_ACTOR_TRANSITIONS,
  MAX_TIP_CENTS,
  OPERATOR_TRANSITIONS,
  ORDER_TRANSITION_TABLE,
  type OrderState,
  runTransition,
  type TransitionActor,
  type TransitionInput,
  type TransitionName,
  type TransitionResult,
} from '../src/orders/order-machine.ts';
import { canRequestRevision, canTip, displayStatus, isDeleted } from '../src/orders/order-status.ts';
import type { AddOnContext } from '../src/pricing/add-ons.ts';
import {
  assigned as assignedFields,
  unpaidOrderState as base,
  delivered as deliveredFields,
  hours,
  lookingForGeek as lookingForGeekFields,
  min,
  now,
  onRevision as onRevisionFields,
  orderState as order,
  refundRequested as refundRequestedFields,
  revisionCompleted as revisionCompletedFields,
  revisionRequested as revisionRequestedFields,
  working as workingFields,
} from './fixtures/order-fixtures.ts';

// In this file the brief of a task with a Geek is checked (instr_ok), and the task was first paid ten hours ago.
const checked = { client_paid_at_first: min(-600), tags: ['instr_ok'] } as const;

// The 30% deposit is paid, the instructions are checked and no Geek is assigned yet.
const lookingForGeek = {
  ...lookingForGeekFields,
  tags: ['instr_ok'],
  additional: ['partial_payment'],
} as const;
const assigned = { ...assignedFields, ...checked } as const;
const working = { ...workingFields, ...checked } as const;
const delivered = { ...deliveredFields, ...checked } as const;
const revisionRequested = { ...revisionRequestedFields, ...checked } as const;
const onRevision = { ...onRevisionFields, ...checked } as const;
const revisionCompleted = { ...revisionCompletedFields, ...checked } as const;
const refundRequested = { ...refundRequestedFields, ...checked } as const;

const addOns = (c: Partial<AddOnContext> = {}): AddOnContext => ({
  locked: false,
  freeAddOn: null,
  saving: false,
  hoursLeft: 72,
  preferredGeekIds: [],
  workCents: 10000,
  ...c,
});

const run = <N extends TransitionName>(
  name: N,
  actor: TransitionActor,
  o: Partial<OrderState>,
  input: TransitionInput<N>,
  at = now,
) => runTransition(name, actor, order(o), input, { now: at });
const refused = (refusal: string) => ({ ok: false, refusal });

function accepted(r: TransitionResult) {
  if (!r.ok) throw new Error(`refused: ${r.refusal}`);
  return r;
}

/** What the API does with a result: writes the patch and books the money (paidCents is net of refunds). */
function applied(o: OrderState, r: TransitionResult): OrderState {
  const { patch: p, effects } = accepted(r);
  let paid = o.paidCents;
  for (const e of effects) {
    if (e.kind === 'charge' && e.purpose === 'order') paid += e.amountCents;
    if (e.kind === 'refund') paid -= e.amountCents;
  }
  return {
    ...o,
    paidCents: paid,
    title: p.title ?? o.title,
    additional: p.additional ?? o.additional,
    tags: p.tags ?? o.tags,
    services: p.services ?? o.services,
    system_client_status: p.system_client_status ?? o.system_client_status,
    client_status: p.client_status !== undefined ? p.client_status : o.client_status,
    geekId: p.writer_id !== undefined ? p.writer_id : o.geekId,
    client_paid_at_first: p.client_paid_at_first ?? o.client_paid_at_first,
    mark: p.mark ?? o.mark,
    revision_accept_at: p.revision_accept_at ?? o.revision_accept_at,
    revisionDeadline: p.revision_deadline ?? o.revisionDeadline,
    refunded: p.refunded ?? o.refunded,
    refundTo: p.refund_to ?? o.refundTo,
    work_started_at: p.work_started_at ?? o.work_started_at,
    tipsPaidCents: p.tips_paid_cents ?? o.tipsPaidCents,
    client_remove: p.client_remove ?? o.client_remove,
  };
}

const CLIENT_TRANSITIONS = [
  'edit',
  'rename',
  'change_subject',
  'delete',
  'pay',
  'add_service',
  'remove_service',
  'rate',
  'tip',
  'request_revision',
  'request_refund',
  'accept_work',
] as const;
const SYSTEM_ONLY = ['auto_accept'] as const;
const OPERATOR_ONLY = [
  'accept_instructions',
  'accept_revision',
  'decline_revision',
  'accept_refund',
  'decline_refund',
  'pass_check',
  'return_to_geek',
] as const;
/** Decision 047: what staff and the Geek in their workspace both run. */
const OPERATOR_AND_GEEK = ['assign_geek', 'start_work', 'deliver', 'deliver_revision'] as const;
const GEEK_ONLY = ['give_back'] as const;
const held = { tags: [...checked.tags, 'quality_check'] };

// For each transition, a task and an input its guard accepts, so a refusal below can only come from the actor.
const VALID: { [N in TransitionName]: { state: OrderState; input: TransitionInput<N> } } = {
  edit: { state: base, input: { locked: { title: 'Essay on Macbeth' } } },
  rename: { state: base, input: { title: 'Essay on Macbeth' } },
  change_subject: { state: order(working), input: { subject: 'History' } },
  delete: { state: base, input: {} },
  pay: { state: base, input: { amountCents: 3000, deposit: true, source: 'card' } },
  add_service: { state: base, input: { service: 'adv_plagreport', addOns: addOns() } },
  remove_service: {
    state: order({ services: [{ tag: 'adv_plagreport' }], priceCents: 10799 }),
    input: { service: 'adv_plagreport', addOns: addOns() },
  },
  rate: { state: order(delivered), input: { mark: 5, feedback: null, tags: [] } },
  tip: { state: order(delivered), input: { amountCents: 500, source: 'card' } },
  request_revision: { state: order(delivered), input: { comment: 'Fix the intro', deadline: hours(48) } },
  request_refund: {
    state: order(delivered),
    input: { comment: 'balance - quality', destination: 'balance' },
  },
  accept_work: { state: order({ ...delivered, deliveredAt: hours(-1) }), input: {} },
  auto_accept: { state: order({ ...delivered, deliveredAt: hours(-24 * 14) }), input: {} },
  accept_instructions: { state: order({ ...lookingForGeek, tags: [] }), input: {} },
  assign_geek: { state: order(lookingForGeek), input: { geekId: 'g1' } },
  start_work: { state: order(assigned), input: {} },
  deliver: { state: order({ ...working, finalDraftCount: 1 }), input: {} },
  accept_revision: { state: order(revisionRequested), input: {} },
  decline_revision: { state: order(revisionRequested), input: {} },
  deliver_revision: { state: order(onRevision), input: {} },
  accept_refund: { state: order(refundRequested), input: {} },
  decline_refund: { state: order(refundRequested), input: {} },
  give_back: { state: order(assigned), input: {} },
  pass_check: { state: order({ ...working, ...held, finalDraftCount: 1 }), input: {} },
  return_to_geek: { state: order({ ...working, ...held }), input: { note: 'Cite the sources' } },
};
const runValid = (name: TransitionName, actor: TransitionActor, change: Partial<OrderState> = {}) =>
  runTransition(name, actor, { ...VALID[name].state, ...change }, VALID[name].input, { now });

describe('the transition table', () => {
  it("holds exactly the student's, staff's, the Geek's and the system's transitions", () => {
    expect(Object.keys(ORDER_TRANSITION_TABLE).sort()).toEqual(
      [...CLIENT_TRANSITIONS, ...OPERATOR_ONLY, ...OPERATOR_AND_GEEK, ...GEEK_ONLY, ...SYSTEM_ONLY].sort(),
    );
  });
  it('names the actors of every transition', () => {
    for (const name of CLIENT_TRANSITIONS) {
      const expected = name === 'pay' || name === 'tip' ? ['student', 'gateway'] : ['student'];
      expect([...ORDER_TRANSITION_TABLE[name].actors].sort(), name).toEqual([...expected].sort());
      expect(ORDER_TRANSITION_TABLE[name].when.length, name).toBeGreaterThan(0);
    }
    for (const name of OPERATOR_ONLY) {
      expect(ORDER_TRANSITION_TABLE[name].actors, name).toEqual(['staff']);
      expect(ORDER_TRANSITION_TABLE[name].when.length, name).toBeGreaterThan(0);
    }
    for (const name of OPERATOR_AND_GEEK)
      expect(ORDER_TRANSITION_TABLE[name].actors, name).toEqual(['staff', 'geek']);
    for (const name of GEEK_ONLY) expect(ORDER_TRANSITION_TABLE[name].actors, name).toEqual(['geek']);
  });
  it("lists exactly the operator transitions as OPERATOR_TRANSITIONS, and the Geek's as GEEK_ACTOR_TRANSITIONS", () => {
    expect([...OPERATOR_TRANSITIONS].sort()).toEqual([...OPERATOR_ONLY, ...OPERATOR_AND_GEEK].sort());
    expect([...GEEK_ACTOR_TRANSITIONS].sort()).toEqual([...OPERATOR_AND_GEEK, ...GEEK_ONLY].sort());
  });
  it.each([...OPERATOR_AND_GEEK, ...GEEK_ONLY])('%s runs for the Geek and refuses the client', (name) => {
    expect(runValid(name, 'geek').ok).toBe(true);
    expect(runValid(name, 'student')).toEqual(refused('not_allowed'));
    expect(runValid(name, 'system')).toEqual(refused('not_allowed'));
  });
  it.each(OPERATOR_ONLY)('%s refuses the Geek', (name) => {
    expect(runValid(name, 'geek')).toEqual(refused('not_allowed'));
  });
  it.each(CLIENT_TRANSITIONS)('%s runs for the client and refuses the operator and the system', (name) => {
    expect(runValid(name, 'student').ok).toBe(true);
    expect(runValid(name, 'staff')).toEqual(refused('not_allowed'));
    expect(runValid(name, 'system')).toEqual(refused('not_allowed'));
  });
  it.each([...OPERATOR_ONLY, ...OPERATOR_AND_GEEK])(
    '%s runs for the operator and refuses the client and the gateway',
    (name) => {
      expect(runValid(name, 'staff').ok).toBe(true);
      expect(runValid(name, 'student')).toEqual(refused('not_allowed'));
      expect(runValid(name, 'gateway')).toEqual(refused('not_allowed'));
      expect(runValid(name, 'system')).toEqual(refused('not_allowed'));
    },
  );
  it('lets the payment gateway run pay and tip, and nothing else of the client', () => {
    expect(runValid('pay', 'gateway').ok).toBe(true);
    expect(runValid('tip', 'gateway').ok).toBe(true);
    for (const name of CLIENT_TRANSITIONS.filter((n) => n !== 'pay' && n !== 'tip')) {
      expect(runValid(name, 'gateway'), name).toEqual(refused('not_allowed'));
    }
  });
  it.each([...CLIENT_TRANSITIONS, ...OPERATOR_ONLY, ...OPERATOR_AND_GEEK, ...GEEK_ONLY])(
    '%s refuses a deleted task (order_deleted)',
    (name) => {
      const actor = (OPERATOR_TRANSITIONS as readonly string[]).includes(name)
        ? 'staff'
        : (GEEK_ONLY as readonly string[]).includes(name)
          ? 'geek'
          : 'student';
      expect(runValid(name, actor, { tags: [...VALID[name].state.tags, 'delete_order'] })).toEqual(
        refused('order_deleted'),
      );
      expect(runValid(name, actor, { client_remove: true })).toEqual(refused('order_deleted'));
    },
  );
});

describe('a whole life, chaining the patches', () => {
  it('goes from an unpaid task to a tipped revision, showing the docs/product/statuses-and-state-machine.md status at each step', () => {
    const label = (o: OrderState, at: Date) => displayStatus(o, at).label;
    let o = order({});
    expect(label(o, now)).toBe('Unpaid');

    // The 30% deposit.
    expect(amountDueCents(o, true)).toBe(3000);
    const paid = accepted(run('pay', 'student', o, { amountCents: 3000, deposit: true, source: 'card' }));
    // No notice: the payment's receipt tells the student what it means.
    expect(paid.effects).toEqual([{ kind: 'charge', source: 'card', amountCents: 3000, purpose: 'order' }]);
    expect(paid.patch).toMatchObject({
      system_client_status: 'Paid',
      client_paid_at_first: now,
      client_paid_at: now,
    });
    expect(paid.patch.additional).toContain('partial_payment');
    o = applied(o, paid);
    expect(o.paidCents).toBe(3000);
    expect(label(o, min(5))).toBe('Checking your instructions');

    const checked = accepted(runTransition('accept_instructions', 'staff', o, {}, { now: min(5) }));
    expect(checked.patch.tags).toContain('instr_ok');
    o = applied(o, checked);
    expect(label(o, min(6))).toBe('Selecting the best Geek');

    const geek = accepted(runTransition('assign_geek', 'staff', o, { geekId: 'g7' }, { now: min(10) }));
    expect(geek.patch).toEqual({
      system_client_status: 'In Progress',
      client_status: 'Nerd found',
      writer_id: 'g7',
    });
    expect(geek.effects).toEqual([{ kind: 'notify', notice: 'geek_assigned' }]);
    o = applied(o, geek);
    expect(label(o, min(11))).toBe('Geek is working');

    const started = accepted(runTransition('start_work', 'staff', o, {}, { now: min(20) }));
    expect(started.patch).toEqual({ client_status: 'In progress', work_started_at: min(20) });
    o = applied(o, started);
    expect(label(o, min(21))).toBe('Geek is working');

    // Decision 015: no delivery without a final draft; the Geek attaches one first.
    expect(runTransition('deliver', 'staff', o, {}, { now: hours(48) })).toEqual({
      ok: false,
      refusal: 'final_draft_required',
    });
    o = { ...o, finalDraftCount: 1 };
    const sent = accepted(runTransition('deliver', 'staff', o, {}, { now: hours(48) }));
    expect(sent.patch).toEqual({
      system_client_status: 'Completed',
      client_status: 'Sent',
      delivered_at: hours(48),
    });
    expect(sent.effects).toEqual([{ kind: 'notify', notice: 'order_delivered' }]);
    o = applied(o, sent);
    expect(displayStatus(o, hours(48))).toMatchObject({
      label: 'Task is completed',
      waitText: 'Pay the remaining 70%',
    });

    // The remaining 70%: price − paid, whatever the partial flag says.
    expect(amountDueCents(o, true)).toBe(7000);
    expect(amountDueCents(o, false)).toBe(7000);
    const rest = accepted(
      runTransition(
        'pay',
        'student',
        o,
        { amountCents: 7000, deposit: false, source: 'balance' },
        { now: hours(49) },
      ),
    );
    expect(rest.effects).toEqual([
      { kind: 'charge', source: 'balance', amountCents: 7000, purpose: 'order' },
    ]);
    expect(rest.patch.client_paid_at_first).toBeUndefined();
    expect(rest.patch.system_client_status).toBeUndefined();
    expect(rest.patch.client_paid_at).toEqual(hours(49));
    o = applied(o, rest);
    expect(o.paidCents).toBe(10000);
    expect(o.client_paid_at_first).toEqual(now);
    expect(o.system_client_status).toBe('Completed');
    expect(amountDueCents(o, false)).toBe(0);
    expect(displayStatus(o, hours(49))).toMatchObject({ label: 'Task is completed', waitText: null });

    // A revision needs at least 24 hours.
    const at = hours(50);
    const tooEarly = new Date(at.getTime() + (24 * 60 - 1) * 60_000);
    const revision = (deadline: Date) =>
      runTransition('request_revision', 'student', o, { comment: 'Fix the intro', deadline }, { now: at });
    expect(revision(tooEarly)).toEqual(refused('revision_deadline_too_early'));
    const deadline = new Date(at.getTime() + 24 * 3_600_000);
    const asked = accepted(revision(deadline));
    expect(asked.patch).toEqual({
      system_client_status: 'Revision Requested',
      client_status: 'Revision requested',
      revision_comment: 'Fix the intro',
      revision_deadline: deadline,
      client_revision_at: at,
    });
    o = applied(o, asked);
    expect(label(o, at)).toBe('Revision requested');

    const accRev = accepted(runTransition('accept_revision', 'staff', o, {}, { now: hours(51) }));
    expect(accRev.patch).toEqual({
      client_status: 'On revision',
      revision_accept_at: hours(51),
      work_started_at: hours(51),
    });
    expect(accRev.effects).toEqual([{ kind: 'notify', notice: 'revision_accepted' }]);
    o = applied(o, accRev);
    expect(label(o, hours(52))).toBe('Revision in progress');

    const revSent = accepted(runTransition('deliver_revision', 'staff', o, {}, { now: hours(70) }));
    expect(revSent.patch).toEqual({
      system_client_status: 'Revision Completed',
      client_status: 'Revision sent',
      delivered_at: hours(70),
    });
    expect(revSent.effects).toEqual([{ kind: 'notify', notice: 'revision_delivered' }]);
    o = applied(o, revSent);
    expect(displayStatus(o, hours(70))).toMatchObject({ label: 'Revision is completed', rated: false });

    const rated = accepted(
      runTransition('rate', 'student', o, { mark: 5, feedback: 'Great', tags: [] }, { now: hours(71) }),
    );
    expect(rated.patch).toEqual({
      mark: 5,
      feedback: 'Great',
      feedback_tags: [],
      tags: ['instr_ok', 'client_accept'],
      client_accept_at: hours(71),
    });
    o = applied(o, rated);
    expect(displayStatus(o, hours(71))).toMatchObject({ label: 'Revision is completed', rated: true });

    expect(canTip(o, o.tipsPaidCents)).toBe(true);
    const tipped = accepted(
      runTransition('tip', 'student', o, { amountCents: 500, source: 'card' }, { now }),
    );
    expect(tipped.patch).toEqual({ tips_paid_cents: 500 });
    expect(tipped.effects).toEqual([{ kind: 'charge', source: 'card', amountCents: 500, purpose: 'tip' }]);
    o = applied(o, tipped);
    expect(o.paidCents).toBe(10000);
    expect(label(o, hours(72))).toBe('Revision is completed');
    expect(canTip(o, o.tipsPaidCents)).toBe(false);
    expect(runTransition('tip', 'student', o, { amountCents: 500, source: 'card' }, { now })).toEqual(
      refused('not_allowed'),
    );
  });
});

describe('pay', () => {
  const pay = (o: Partial<OrderState>, amountCents: number, deposit = false) =>
    run('pay', 'student', o, { amountCents, deposit, source: 'card' });

  it('refuses a deleted task, a task with no price and a bad deadline on the first payment', () => {
    expect(pay({ system_client_status: 'Deleted' }, 10000)).toEqual(refused('order_deleted'));
    expect(pay({ profile_arch: 1 }, 10000)).toEqual(refused('order_deleted'));
    expect(pay({ priceCents: null, system_client_status: 'New project' }, 10000)).toEqual(
      refused('no_price'),
    );
    expect(pay({ badDeadline: true }, 3000, true)).toEqual(refused('bad_deadline'));
    expect(pay({ badDeadline: true }, 10000)).toEqual(refused('bad_deadline'));
  });
  it('takes the remainder even when the deadline has become too early', () => {
    expect(pay({ ...lookingForGeek, badDeadline: true }, 7000).ok).toBe(true);
    expect(pay({ ...delivered, paidCents: 3000, badDeadline: true }, 7000).ok).toBe(true);
  });
  it('takes exactly the deposit, the full price or the remainder, not a cent more or less', () => {
    expect(pay({}, 2999, true)).toEqual(refused('wrong_amount'));
    expect(pay({}, 3001, true)).toEqual(refused('wrong_amount'));
    expect(pay({}, 3000, true).ok).toBe(true);
    expect(pay({}, 9999)).toEqual(refused('wrong_amount'));
    expect(pay({}, 10001)).toEqual(refused('wrong_amount'));
    expect(pay({}, 10000).ok).toBe(true);
    // Asking for a partial payment of what remains is still the remainder.
    expect(pay(lookingForGeek, 6999)).toEqual(refused('wrong_amount'));
    expect(pay(lookingForGeek, 7001)).toEqual(refused('wrong_amount'));
    expect(pay(lookingForGeek, 2100, true)).toEqual(refused('wrong_amount'));
    expect(pay(lookingForGeek, 7000, true).ok).toBe(true);
  });
  it('rounds the deposit half up to the cent', () => {
    expect(pay({ priceCents: 10005 }, 3001, true)).toEqual(refused('wrong_amount'));
    expect(pay({ priceCents: 10005 }, 3002, true).ok).toBe(true);
    expect(pay({ priceCents: 10005, paidCents: 3002 }, 7003).ok).toBe(true);
  });
  it('refuses when nothing is due', () => {
    expect(pay(delivered, 0)).toEqual(refused('wrong_amount'));
    expect(pay(delivered, 1)).toEqual(refused('wrong_amount'));
    expect(pay({ ...delivered, paidCents: 10001 }, 0, true)).toEqual(refused('wrong_amount'));
    expect(pay({}, 0)).toEqual(refused('wrong_amount'));
  });
  it('refuses a refund-requested or refunded task', () => {
    expect(pay({ ...lookingForGeek, system_client_status: 'Refund Requested' }, 7000)).toEqual(
      refused('not_allowed'),
    );
    expect(pay({ ...lookingForGeek, refunded: true }, 7000)).toEqual(refused('not_allowed'));
    expect(pay({ ...lookingForGeek, system_client_status: 'Refund Accepted' }, 7000)).toEqual(
      refused('not_allowed'),
    );
  });
  it('marks a first full payment as paid without the partial flag, and drops a stale one', () => {
    const r = accepted(
      run(
        'pay',
        'gateway',
        { system_client_status: 'New project', additional: ['partial_payment', 'adv_plagreport'] },
        {
          amountCents: 10000,
          deposit: false,
          source: 'balance',
        },
      ),
    );
    expect(r.patch).toEqual({
      client_paid_at: now,
      client_paid_at_first: now,
      system_client_status: 'Paid',
      additional: ['adv_plagreport'],
    });
    expect(r.effects).toEqual([{ kind: 'charge', source: 'balance', amountCents: 10000, purpose: 'order' }]);
  });
  it('adds the partial flag only once', () => {
    const r = accepted(pay({ additional: ['partial_payment'] }, 3000, true));
    expect(r.patch.additional).toEqual(['partial_payment']);
  });
  it('keeps the partial flag and the first-payment time on the remainder', () => {
    const r = accepted(pay(lookingForGeek, 7000));
    expect(r.patch).toEqual({ client_paid_at: now, additional: ['partial_payment'] });
    expect(r.effects.filter((e) => e.kind === 'notify')).toEqual([]);
  });
});

describe('amountDueCents', () => {
  it('is the deposit when paying part of an unpaid task', () => {
    expect(amountDueCents(order({}), true)).toBe(3000);
    expect(amountDueCents(order({ priceCents: 10005 }), true)).toBe(3002);
    expect(amountDueCents(order({ priceCents: 1000 }), true)).toBe(300);
  });
  it('is the rest otherwise', () => {
    expect(amountDueCents(order({}), false)).toBe(10000);
    expect(amountDueCents(order({ paidCents: 3000 }), true)).toBe(7000);
    expect(amountDueCents(order({ paidCents: 3000 }), false)).toBe(7000);
    expect(amountDueCents(order({ paidCents: 9999 }), false)).toBe(1);
  });
  it('is null without a price and 0 when fully paid', () => {
    expect(amountDueCents(order({ priceCents: null }), true)).toBeNull();
    expect(amountDueCents(order({ priceCents: null }), false)).toBeNull();
    expect(amountDueCents(order({ paidCents: 10000 }), false)).toBe(0);
    expect(amountDueCents(order({ paidCents: 10000 }), true)).toBe(0);
    expect(amountDueCents(order({ paidCents: 12000 }), false)).toBe(0);
  });
});

describe('edit, rename and delete', () => {
  const partiallyPaid = lookingForGeek;
  const lockedFields = [
    { title: 'New title' },
    { details: 'More details' },
    { size: '6 pages' },
    { deadline: hours(96) },
    { request_type: 'Essay' },
    { discount: 'SAVE10' },
    { additional: ['adv_plagreport'] },
  ];
  it.each(lockedFields)('refuses %j on a partially paid task (order_locked)', (locked) => {
    expect(run('edit', 'student', partiallyPaid, { locked })).toEqual(refused('order_locked'));
    expect(run('edit', 'student', partiallyPaid, { locked, markReviewShown: true })).toEqual(
      refused('order_locked'),
    );
  });
  it('refuses changes on a fully paid, refund-requested or refunded task', () => {
    const locked = { size: '6 pages' };
    expect(run('edit', 'student', delivered, { locked })).toEqual(refused('order_locked'));
    expect(run('edit', 'student', { system_client_status: 'Refund Requested' }, { locked })).toEqual(
      refused('order_locked'),
    );
    expect(run('edit', 'student', { refunded: true }, { locked })).toEqual(refused('order_locked'));
  });
  it('applies changes to an unpaid task', () => {
    const r = accepted(
      run(
        'edit',
        'student',
        { additional: ['adv_plagreport'] },
        { locked: { size: '6 pages', deadline: hours(96) } },
      ),
    );
    expect(r.patch).toEqual({ size: '6 pages', deadline: hours(96), additional: ['adv_plagreport'] });
    expect(r.effects).toEqual([]);
    const flags = accepted(
      run('edit', 'student', {}, { locked: { additional: ['adv_vip_support'] }, markReviewShown: true }),
    );
    expect(flags.patch.additional).toEqual(['adv_vip_support', 'review_shown_on_client']);
  });
  it('marks the review as shown on a locked task, once', () => {
    const r = accepted(run('edit', 'student', delivered, { locked: {}, markReviewShown: true }));
    expect(r.patch).toEqual({ additional: ['review_shown_on_client'] });
    const again = accepted(
      run(
        'edit',
        'student',
        { ...delivered, additional: ['partial_payment', 'review_shown_on_client'] },
        {
          locked: {},
          markReviewShown: true,
        },
      ),
    );
    expect(again.patch).toEqual({ additional: ['partial_payment', 'review_shown_on_client'] });
  });
  it('renames only a changeable task', () => {
    expect(accepted(run('rename', 'student', {}, { title: 'Macbeth' })).patch).toEqual({ title: 'Macbeth' });
    expect(run('rename', 'student', partiallyPaid, { title: 'Macbeth' })).toEqual(refused('order_locked'));
    expect(run('rename', 'student', delivered, { title: 'Macbeth' })).toEqual(refused('order_locked'));
    expect(
      run('rename', 'student', { system_client_status: 'Refund Requested' }, { title: 'Macbeth' }),
    ).toEqual(refused('order_locked'));
  });
  it('deletes only a changeable task, and the task then reads as deleted', () => {
    const o = order({ system_client_status: 'New project', priceCents: null });
    const r = runTransition('delete', 'student', o, {}, { now });
    expect(accepted(r).patch).toEqual({ client_remove: true, system_client_status: 'Deleted' });
    const gone = applied(o, r);
    expect(isDeleted(gone)).toBe(true);
    expect(displayStatus(gone, now).label).toBe('New Task');
    expect(runTransition('delete', 'student', gone, {}, { now })).toEqual(refused('order_deleted'));
    expect(run('delete', 'student', partiallyPaid, {})).toEqual(refused('order_locked'));
    expect(run('delete', 'student', delivered, {})).toEqual(refused('order_locked'));
    expect(run('delete', 'student', { refunded: true }, {})).toEqual(refused('order_locked'));
  });
});

describe('rate', () => {
  const rate = (o: Partial<OrderState>, mark: number, tags: string[] = []) =>
    run('rate', 'student', o, { mark, feedback: null, tags });

  it('refuses a rated task and one not delivered', () => {
    expect(rate({ ...delivered, mark: 5 }, 5)).toEqual(refused('not_allowed'));
    expect(rate({ ...delivered, mark: 1 }, 5)).toEqual(refused('not_allowed'));
    expect(rate(working, 5)).toEqual(refused('not_allowed'));
    expect(rate(lookingForGeek, 5)).toEqual(refused('not_allowed'));
    expect(rate({ ...delivered, paidCents: 0 }, 5)).toEqual(refused('not_allowed'));
    expect(rate(revisionRequested, 5)).toEqual(refused('not_allowed'));
  });
  it('accepts the work on a mark of 4 or more', () => {
    expect(accepted(rate(delivered, 4)).patch).toEqual({
      mark: 4,
      feedback: null,
      feedback_tags: [],
      tags: ['instr_ok', 'client_accept'],
      client_accept_at: now,
    });
    expect(accepted(rate({ ...delivered, tags: ['client_accept'] }, 5)).patch.tags).toEqual([
      'client_accept',
    ]);
  });
  it('adds no client_accept tag below 4', () => {
    const r = accepted(rate(delivered, 3, ['content']));
    expect(r.patch).toEqual({ mark: 3, feedback: null, feedback_tags: ['content'] });
    expect(accepted(rate(delivered, 1, ['deadline'])).patch.tags).toBeUndefined();
  });
  it('rates a refund-requested, refunded or revision-completed task', () => {
    expect(rate(refundRequested, 2, ['content']).ok).toBe(true);
    expect(rate({ ...delivered, refunded: true }, 2, ['content']).ok).toBe(true);
    expect(rate(revisionCompleted, 5).ok).toBe(true);
  });
});

describe('tip', () => {
  const tip = (o: Partial<OrderState>, amountCents: number) =>
    run('tip', 'student', o, { amountCents, source: 'balance' });

  it('needs a Geek, no earlier tip, and no mark under 4', () => {
    expect(tip({ ...lookingForGeek, geekId: null }, 500)).toEqual(refused('not_allowed'));
    expect(tip({ ...delivered, geekId: null }, 500)).toEqual(refused('not_allowed'));
    expect(tip({ ...delivered, tipsPaidCents: 1 }, 500)).toEqual(refused('not_allowed'));
    expect(tip({ ...delivered, mark: 3 }, 500)).toEqual(refused('not_allowed'));
    expect(tip({ ...delivered, mark: 4 }, 500).ok).toBe(true);
    expect(tip({ ...delivered, paidCents: 0 }, 500)).toEqual(refused('not_allowed'));
  });
  it('takes 1 cent up to MAX_TIP_CENTS', () => {
    expect(tip(delivered, 0)).toEqual(refused('wrong_amount'));
    expect(tip(delivered, -100)).toEqual(refused('wrong_amount'));
    expect(tip(delivered, MAX_TIP_CENTS + 1)).toEqual(refused('wrong_amount'));
    expect(accepted(tip(delivered, 1)).patch).toEqual({ tips_paid_cents: 1 });
    const max = accepted(tip(delivered, MAX_TIP_CENTS));
    expect(max.effects).toEqual([
      { kind: 'charge', source: 'balance', amountCents: MAX_TIP_CENTS, purpose: 'tip' },
    ]);
  });
  it('checks who may tip before the amount', () => {
    expect(tip({ ...delivered, mark: 3 }, 0)).toEqual(refused('not_allowed'));
  });
});

describe('request_refund and its answers', () => {
  const ask = (o: Partial<OrderState>) =>
    run('request_refund', 'student', o, { comment: 'card - quality', destination: 'card' });

  it('is allowed for a paid task with no Geek and a fully paid delivered task', () => {
    expect(accepted(ask(lookingForGeek)).patch).toEqual({
      system_client_status: 'Refund Requested',
      refund_comment: 'card - quality',
      refund_to: 'card',
    });
    // the client hears by mail that the request arrived
    expect(accepted(ask(lookingForGeek)).effects).toEqual([{ kind: 'notify', notice: 'refund_requested' }]);
    expect(ask(delivered).ok).toBe(true);
    expect(ask(revisionCompleted).ok).toBe(true);
  });
  it('is refused while the Geek works, a revision is pending, or it is unpaid or already asked', () => {
    expect(ask(working)).toEqual(refused('not_allowed'));
    expect(ask(assigned)).toEqual(refused('not_allowed'));
    expect(ask({ ...working, paidCents: 3000 })).toEqual(refused('not_allowed'));
    expect(ask({ ...delivered, paidCents: 3000 })).toEqual(refused('not_allowed'));
    expect(ask(revisionRequested)).toEqual(refused('not_allowed'));
    expect(ask(onRevision)).toEqual(refused('not_allowed'));
    expect(ask({})).toEqual(refused('not_allowed'));
    expect(ask(refundRequested)).toEqual(refused('not_allowed'));
    expect(ask({ ...delivered, refunded: true })).toEqual(refused('not_allowed'));
  });
  it('accept_refund refunds exactly the paid amount to the chosen destination', () => {
    const r = accepted(run('accept_refund', 'staff', refundRequested, {}));
    expect(r.patch).toEqual({ system_client_status: 'Refund Accepted', refunded: true });
    expect(r.effects).toEqual([
      { kind: 'refund', destination: 'card', amountCents: 10000 },
      { kind: 'notify', notice: 'refund_accepted' },
    ]);
    const deposit = accepted(
      run('accept_refund', 'staff', { ...lookingForGeek, system_client_status: 'Refund Requested' }, {}),
    );
    expect(deposit.effects).toEqual([
      { kind: 'refund', destination: 'balance', amountCents: 3000 },
      { kind: 'notify', notice: 'refund_accepted' },
    ]);
    const after = applied(order(refundRequested), r);
    expect(after.paidCents).toBe(0);
    expect(displayStatus(after, now).label).toBe('Refunded');
  });
  it('accept_refund moves no money when nothing was paid', () => {
    const r = accepted(run('accept_refund', 'staff', { ...refundRequested, paidCents: 0 }, {}));
    expect(r.effects).toEqual([{ kind: 'notify', notice: 'refund_accepted' }]);
  });
  it('answers only a requested refund', () => {
    for (const o of [
      delivered,
      lookingForGeek,
      { ...delivered, system_client_status: 'Refund Declined' } as const,
    ]) {
      expect(run('accept_refund', 'staff', o, {})).toEqual(refused('not_allowed'));
      expect(run('decline_refund', 'staff', o, {})).toEqual(refused('not_allowed'));
    }
  });
  it('decline_refund falls back to Selecting the best Geek for a task that was looking for one', () => {
    let o = order(lookingForGeek);
    o = applied(o, ask(o));
    expect(displayStatus(o, now).label).toBe('Refund requested');
    const r = runTransition('decline_refund', 'staff', o, {}, { now });
    expect(accepted(r).patch).toEqual({ system_client_status: 'Refund Declined' });
    expect(accepted(r).effects).toEqual([{ kind: 'notify', notice: 'refund_declined' }]);
    o = applied(o, r);
    expect(displayStatus(o, now).label).toBe('Selecting the best Geek');
    // And a Geek can then be found for it.
    expect(runTransition('assign_geek', 'staff', o, { geekId: 'g1' }, { now }).ok).toBe(true);
  });
  it('decline_refund falls back to Task is completed for a delivered task', () => {
    let o = order(delivered);
    o = applied(o, ask(o));
    o = applied(o, runTransition('decline_refund', 'staff', o, {}, { now }));
    expect(displayStatus(o, now).label).toBe('Task is completed');
    expect(canRequestRevision(o)).toBe(true);
  });
});

describe('revisions', () => {
  const ask = (o: Partial<OrderState>, deadline = hours(24)) =>
    run('request_revision', 'student', o, { comment: 'Fix it', deadline });

  it('requests a revision at least 24 hours ahead', () => {
    expect(ask(delivered, new Date(hours(24).getTime() - 1))).toEqual(refused('revision_deadline_too_early'));
    expect(ask(delivered, min(24 * 60 - 1))).toEqual(refused('revision_deadline_too_early'));
    expect(ask(delivered, hours(24)).ok).toBe(true);
    expect(ask(revisionCompleted).ok).toBe(true);
  });
  it('refuses a revision on a task not delivered, unpaid, refund-requested or already revising', () => {
    expect(ask(working)).toEqual(refused('not_allowed'));
    expect(ask({ ...delivered, paidCents: 0 })).toEqual(refused('not_allowed'));
    expect(ask(refundRequested)).toEqual(refused('not_allowed'));
    expect(ask(revisionRequested)).toEqual(refused('not_allowed'));
    expect(ask(onRevision)).toEqual(refused('not_allowed'));
    // Who may ask is checked before the deadline.
    expect(ask(working, hours(1))).toEqual(refused('not_allowed'));
  });
  it('decline_revision falls back to Task is completed', () => {
    const o = order(revisionRequested);
    const r = runTransition('decline_revision', 'staff', o, {}, { now });
    expect(accepted(r).patch).toEqual({ system_client_status: 'Revision Declined', client_status: 'Sent' });
    expect(accepted(r).effects).toEqual([{ kind: 'notify', notice: 'revision_declined' }]);
    expect(displayStatus(applied(o, r), now).label).toBe('Task is completed');
  });
  it('decline_revision of a second revision falls back to the delivered revision', () => {
    const o = order({ ...revisionRequested, revision_accept_at: hours(-48) });
    const r = runTransition('decline_revision', 'staff', o, {}, { now });
    expect(accepted(r).patch.client_status).toBe('Revision sent');
    expect(displayStatus(applied(o, r), now).label).toBe('Revision is completed');
  });
  it('accepts or declines only a requested revision', () => {
    for (const o of [delivered, onRevision, revisionCompleted, working]) {
      expect(run('accept_revision', 'staff', o, {})).toEqual(refused('not_allowed'));
      expect(run('decline_revision', 'staff', o, {})).toEqual(refused('not_allowed'));
    }
  });
  it('delivers only a revision in progress', () => {
    expect(run('deliver_revision', 'staff', revisionRequested, {})).toEqual(refused('not_allowed'));
    expect(run('deliver_revision', 'staff', delivered, {})).toEqual(refused('not_allowed'));
    expect(run('deliver_revision', 'staff', revisionCompleted, {})).toEqual(refused('not_allowed'));
  });
});

describe('the operator moving the work', () => {
  it('checks the instructions of a paid task looking for a Geek', () => {
    expect(
      accepted(run('accept_instructions', 'staff', { ...lookingForGeek, tags: ['recap_sent'] }, {})).patch,
    ).toEqual({
      tags: ['recap_sent', 'instr_ok'],
    });
    expect(accepted(run('accept_instructions', 'staff', lookingForGeek, {})).patch).toEqual({
      tags: ['instr_ok'],
    });
    expect(run('accept_instructions', 'staff', {}, {})).toEqual(refused('not_allowed'));
    expect(run('accept_instructions', 'staff', { system_client_status: 'Paid' }, {})).toEqual(
      refused('not_allowed'),
    );
    expect(run('accept_instructions', 'staff', working, {})).toEqual(refused('not_allowed'));
  });
  it('assigns a Geek only to a paid task looking for one, and needs the Geek', () => {
    expect(run('assign_geek', 'staff', {}, { geekId: 'g1' })).toEqual(refused('not_allowed'));
    expect(
      run('assign_geek', 'staff', { system_client_status: 'Paid', paidCents: 0 }, { geekId: 'g1' }),
    ).toEqual(refused('not_allowed'));
    expect(run('assign_geek', 'staff', lookingForGeek, { geekId: '' })).toEqual(refused('writer_required'));
    expect(run('assign_geek', 'staff', working, { geekId: 'g2' })).toEqual(refused('not_allowed'));
    expect(run('assign_geek', 'staff', refundRequested, { geekId: 'g2' })).toEqual(refused('not_allowed'));
  });
  it('starts work only after the assignment', () => {
    expect(run('start_work', 'staff', lookingForGeek, {})).toEqual(refused('not_allowed'));
    expect(run('start_work', 'staff', working, {})).toEqual(refused('not_allowed'));
    expect(run('start_work', 'staff', delivered, {})).toEqual(refused('not_allowed'));
    expect(run('start_work', 'staff', assigned, {}).ok).toBe(true);
  });
  it('delivers only a task in progress', () => {
    expect(run('deliver', 'staff', lookingForGeek, {})).toEqual(refused('not_allowed'));
    expect(run('deliver', 'staff', delivered, {})).toEqual(refused('not_allowed'));
    expect(run('deliver', 'staff', onRevision, {})).toEqual(refused('not_allowed'));
    expect(run('deliver', 'staff', { ...assigned, client_status: null }, {})).toEqual(refused('not_allowed'));
    expect(run('deliver', 'staff', { ...assigned, finalDraftCount: 1 }, {}).ok).toBe(true);
    expect(
      run('deliver', 'staff', { ...working, client_status: 'Final touches', finalDraftCount: 1 }, {}).ok,
    ).toBe(true);
  });
  it('delivers only with a final draft the client will see (decision 015)', () => {
    expect(run('deliver', 'staff', working, {})).toEqual(refused('final_draft_required'));
    expect(run('deliver', 'staff', { ...working, finalDraftCount: 1 }, {}).ok).toBe(true);
  });
});

describe('add-ons', () => {
  const add = (
    o: Partial<OrderState>,
    service: TransitionInput<'add_service'>['service'],
    c: Partial<AddOnContext> = {},
    geekId?: string | null,
  ) => run('add_service', 'student', o, { service, addOns: addOns(c), geekId });
  const remove = (
    o: Partial<OrderState>,
    service: TransitionInput<'remove_service'>['service'],
    c: Partial<AddOnContext> = {},
  ) => run('remove_service', 'student', o, { service, addOns: addOns(c) });

  it('refuses VIP on a locked task or while saving', () => {
    expect(add(lookingForGeek, 'adv_vip_support', { locked: true })).toEqual(refused('add_on_disabled'));
    expect(add({}, 'adv_vip_support', { saving: true })).toEqual(refused('add_on_disabled'));
    expect(accepted(add({}, 'adv_vip_support')).patch).toEqual({ services: [{ tag: 'adv_vip_support' }] });
    // Other add-ons stay open on a locked task.
    expect(add(lookingForGeek, 'adv_plagreport', { locked: true }).ok).toBe(true);
  });
  it('refuses the Draft with 6 hours or less left', () => {
    expect(add({}, 'draft_needed', { hoursLeft: 6 })).toEqual(refused('add_on_disabled'));
    expect(add({}, 'draft_needed', { hoursLeft: 2 })).toEqual(refused('add_on_disabled'));
    expect(add({}, 'draft_needed', { hoursLeft: 6.01 }).ok).toBe(true);
  });
  it('needs a listed Geek for the Preferred Geek', () => {
    const listed = { preferredGeekIds: ['g1', 'g2'] };
    expect(add({}, 'client_recomended_writer', {}, 'g1')).toEqual(refused('add_on_disabled'));
    expect(add({}, 'client_recomended_writer', listed)).toEqual(refused('preferred_geek_required'));
    expect(add({}, 'client_recomended_writer', listed, null)).toEqual(refused('preferred_geek_required'));
    expect(add({}, 'client_recomended_writer', listed, 'g3')).toEqual(refused('preferred_geek_required'));
    expect(
      accepted(add({ services: [{ tag: 'adv_plagreport' }] }, 'client_recomended_writer', listed, 'g2'))
        .patch,
    ).toEqual({
      services: [{ tag: 'adv_plagreport' }, { tag: 'client_recomended_writer', writerId: 'g2' }],
    });
  });
  it('refuses an add-on already added or granted by the coupon', () => {
    const o = order({});
    const once = applied(
      o,
      runTransition('add_service', 'student', o, { service: 'top_writer', addOns: addOns() }, { now }),
    );
    expect(once.services).toEqual([{ tag: 'top_writer' }]);
    expect(
      runTransition('add_service', 'student', once, { service: 'top_writer', addOns: addOns() }, { now }),
    ).toEqual(refused('add_on_already_added'));
    expect(add({}, 'adv_plagreport', { freeAddOn: 'adv_plagreport' })).toEqual(
      refused('add_on_already_added'),
    );
  });
  it('refuses to remove an add-on that is not added', () => {
    expect(remove({}, 'adv_plagreport')).toEqual(refused('add_on_not_added'));
    expect(remove({ services: [{ tag: 'top_writer' }] }, 'adv_plagreport')).toEqual(
      refused('add_on_not_added'),
    );
  });
  it('removes an unpaid add-on and keeps the others', () => {
    const services = [{ tag: 'adv_plagreport' }, { tag: 'adv_vip_support' }] as const;
    const r = accepted(remove({ services: [...services], priceCents: 11798 }, 'adv_plagreport'));
    expect(r.patch).toEqual({ services: [{ tag: 'adv_vip_support' }] });
  });
  it('refuses to remove an add-on already paid for', () => {
    // $100 of work + VIP $9.99: paying more than $100 pays for part of the VIP.
    const vip = { services: [{ tag: 'adv_vip_support' as const }], priceCents: 10999 };
    expect(remove({ ...vip, paidCents: 10000, system_client_status: 'Paid' }, 'adv_vip_support').ok).toBe(
      true,
    );
    expect(remove({ ...vip, paidCents: 10001, system_client_status: 'Paid' }, 'adv_vip_support')).toEqual(
      refused('add_on_paid'),
    );
    // TOP Geek is 25% of the work: $25.
    const top = { services: [{ tag: 'top_writer' as const }], priceCents: 12500 };
    expect(remove({ ...top, paidCents: 10000 }, 'top_writer').ok).toBe(true);
    expect(remove({ ...top, paidCents: 10001 }, 'top_writer')).toEqual(refused('add_on_paid'));
    expect(remove({ ...top, paidCents: 12500 }, 'top_writer')).toEqual(refused('add_on_paid'));
  });
  it('refuses to remove the VIP service from a locked task', () => {
    const vip = { services: [{ tag: 'adv_vip_support' as const }], priceCents: 10999, paidCents: 3000 };
    expect(remove(vip, 'adv_vip_support', { locked: true })).toEqual(refused('add_on_disabled'));
  });
});

describe('the refund window and acceptance (decision 036)', () => {
  const day = 24;
  it('refuses a refund more than 60 days after the last delivery, and allows it up to then', () => {
    const input = { comment: 'balance - quality', destination: 'balance' } as const;
    expect(run('request_refund', 'student', { ...delivered, deliveredAt: hours(-60 * day) }, input).ok).toBe(
      true,
    );
    expect(
      run('request_refund', 'student', { ...delivered, deliveredAt: hours(-60 * day - 1) }, input),
    ).toEqual(refused('refund_window_over'));
    // Before delivery no window runs (paid with no Geek).
    expect(run('request_refund', 'student', { ...lookingForGeek }, input).ok).toBe(true);
  });
  it('delivering the work or a revision starts the window', () => {
    expect(
      accepted(run('deliver', 'staff', { ...working, finalDraftCount: 1 }, {})).patch.delivered_at,
    ).toEqual(now);
    expect(accepted(run('deliver_revision', 'staff', onRevision, {})).patch.delivered_at).toEqual(now);
  });
  it("'Accept the work' records the Geek's earning once", () => {
    const r = accepted(run('accept_work', 'student', { ...delivered, deliveredAt: hours(-2) }, {}));
    expect(r.patch).toEqual({
      tags: ['instr_ok', 'client_accept'],
      client_accept_at: now,
      geek_earned_at: now,
    });
    expect(r.effects).toEqual([{ kind: 'geek_earning' }]);
    const again = { ...delivered, deliveredAt: hours(-2), clientAcceptAt: now, geekEarnedAt: now };
    expect(run('accept_work', 'student', again, {})).toEqual(refused('not_allowed'));
    expect(run('auto_accept', 'system', again, {})).toEqual(refused('not_allowed'));
  });
  it('refuses acceptance of a partly paid, refund-requested or revision-pending task', () => {
    const d = { ...delivered, deliveredAt: hours(-2) };
    expect(run('accept_work', 'student', { ...d, paidCents: 3000 }, {})).toEqual(refused('not_allowed'));
    expect(run('accept_work', 'student', { ...refundRequested, deliveredAt: hours(-2) }, {})).toEqual(
      refused('not_allowed'),
    );
    expect(run('accept_work', 'student', { ...revisionRequested, deliveredAt: hours(-2) }, {})).toEqual(
      refused('not_allowed'),
    );
  });
  it('a 4–5 mark accepts and earns; a lower mark does not', () => {
    const d = { ...delivered, deliveredAt: hours(-2) };
    expect(accepted(run('rate', 'student', d, { mark: 4, feedback: null, tags: [] })).effects).toEqual([
      { kind: 'geek_earning' },
    ]);
    expect(
      accepted(run('rate', 'student', d, { mark: 3, feedback: null, tags: ['content'] })).effects,
    ).toEqual([]);
  });
  it('the clock accepts 14 days after delivery, or at once for a task the client accepted earlier', () => {
    expect(run('auto_accept', 'system', { ...delivered, deliveredAt: hours(-14 * day + 1) }, {})).toEqual(
      refused('not_allowed'),
    );
    const due = accepted(run('auto_accept', 'system', { ...delivered, deliveredAt: hours(-14 * day) }, {}));
    expect(due.patch).toEqual({
      tags: ['instr_ok', 'client_accept'],
      client_accept_at: now,
      geek_earned_at: now,
    });
    const acceptedEarlier = {
      ...delivered,
      deliveredAt: hours(-1),
      tags: ['instr_ok', 'client_accept'],
      clientAcceptAt: hours(-1),
    };
    expect(accepted(run('auto_accept', 'system', acceptedEarlier, {})).patch).toEqual({
      geek_earned_at: now,
    });
    expect(run('auto_accept', 'student', { ...delivered, deliveredAt: hours(-14 * day) }, {})).toEqual(
      refused('not_allowed'),
    );
  });
});

describe('changing the course (decision 038)', () => {
  const input = { subject: 'History' };
  it('is allowed before delivery, unpaid or paid, and keeps everything else', () => {
    expect(accepted(run('change_subject', 'student', {}, input)).patch).toEqual({ subject: 'History' });
    expect(run('change_subject', 'student', lookingForGeek, input).ok).toBe(true);
    expect(run('change_subject', 'student', working, input).ok).toBe(true);
  });
  it('is refused once delivered, refunded or refund-requested', () => {
    expect(run('change_subject', 'student', delivered, input)).toEqual(refused('not_allowed'));
    expect(run('change_subject', 'student', revisionRequested, input)).toEqual(refused('not_allowed'));
    expect(run('change_subject', 'student', onRevision, input)).toEqual(refused('not_allowed'));
    expect(run('change_subject', 'student', refundRequested, input)).toEqual(refused('not_allowed'));
    expect(run('change_subject', 'student', { ...lookingForGeek, refunded: true }, input)).toEqual(
      refused('not_allowed'),
    );
  });
});

describe("the Geek's own steps and the quality check (decisions 047, 048)", () => {
  it('gives back only before work starts, and the task is looking for a Geek again', () => {
    const back = accepted(run('give_back', 'geek', order(assigned), {}));
    expect(back.patch).toMatchObject({ system_client_status: 'Paid', client_status: null, writer_id: null });
    expect(back.effects).toEqual([]);
    expect(run('give_back', 'geek', order(working), {})).toEqual(refused('not_allowed'));
    expect(run('give_back', 'geek', order({ ...assigned, work_started_at: hours(-1) }), {})).toEqual(
      refused('not_allowed'),
    );
  });
  it('holds a checked delivery for staff: only the tag changes, no notice; the student gets it on pass_check', () => {
    const o = order({ ...working, finalDraftCount: 1 });
    const heldDelivery = accepted(run('deliver', 'geek', o, { check: true }));
    expect(heldDelivery.patch).toEqual({
      tags: [...o.tags, 'quality_check'],
      check_note: null,
      check_requested_at: now,
    });
    expect(heldDelivery.effects).toEqual([]);
    const waiting = order({ ...working, finalDraftCount: 1, tags: heldDelivery.patch.tags ?? [] });
    expect(run('deliver', 'geek', waiting, {})).toEqual(refused('not_allowed'));
    const passed = accepted(run('pass_check', 'staff', waiting, {}));
    expect(passed.patch).toMatchObject({ system_client_status: 'Completed', client_status: 'Sent' });
    expect(passed.patch.tags).not.toContain('quality_check');
    expect(passed.effects).toEqual([{ kind: 'notify', notice: 'order_delivered' }]);
  });
  it('passes a held revision as a delivered revision', () => {
    const waiting = order({ ...onRevision, tags: [...onRevision.tags, 'quality_check'] });
    const passed = accepted(run('pass_check', 'staff', waiting, {}));
    expect(passed.patch).toMatchObject({
      system_client_status: 'Revision Completed',
      client_status: 'Revision sent',
    });
    expect(passed.effects).toEqual([{ kind: 'notify', notice: 'revision_delivered' }]);
  });
  it('returns a held delivery to the Geek with the note; nothing to check refuses both', () => {
    const waiting = order({ ...working, tags: [...working.tags, 'quality_check'] });
    const back = accepted(run('return_to_geek', 'staff', waiting, { note: ' Cite it ' }));
    expect(back.patch).toEqual({ tags: working.tags, check_note: 'Cite it' });
    expect(run('return_to_geek', 'staff', order(working), { note: 'x' })).toEqual(refused('not_allowed'));
    expect(run('pass_check', 'staff', order({ ...working, finalDraftCount: 1 }), {})).toEqual(
      refused('not_allowed'),
    );
  });
  it('delivers at once without the check', () => {
    const d = accepted(run('deliver', 'geek', order({ ...working, finalDraftCount: 1 }), { check: false }));
    expect(d.patch).toMatchObject({ client_status: 'Sent' });
  });
});
