import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADD_ON_LABELS,
  ADD_ON_PRICES,
  ADD_ON_SERVICES,
  type AddedService,
  type AddOnContext,
  type AddOnService,
  addOnAddError,
  addOnPriceCents,
  addOnStates,
  addOnsTotalCents,
  COUPON_ADD_ON_KINDS,
  DRAFT_MIN_HOURS_LEFT,
  isAddOnDisabled,
} from '../src/pricing/add-ons.ts';

// An unpaid $100 task due in 72 hours, with two Geeks the client may prefer; each case changes what its rule needs.
const base: AddOnContext = {
  locked: false,
  freeAddOn: null,
  saving: false,
  hoursLeft: 72,
  preferredGeekIds: ['g1', 'g2'],
  workCents: 10000,
};
const ctx = (c: Partial<AddOnContext>): AddOnContext => ({ ...base, ...c });
const stateOf = (service: AddOnService, added: readonly AddedService[], c: Partial<AddOnContext> = {}) => {
  const s = addOnStates(added, ctx(c)).find((x) => x.service === service);
  if (!s) throw new Error(`no state for ${service}`);
  return s;
};

describe('the catalogue (docs/product/tasks-and-pricing.md)', () => {
  it('lists the six services in the spec order', () => {
    expect(ADD_ON_SERVICES).toEqual([
      'prioritize_my_task',
      'draft_needed',
      'client_recomended_writer',
      'top_writer',
      'adv_vip_support',
      'adv_plagreport',
    ]);
  });
  it('keeps the spec labels', () => {
    expect(ADD_ON_LABELS).toEqual({
      prioritize_my_task: 'Prioritize my task',
      draft_needed: 'Draft',
      client_recomended_writer: 'Preferred Geek',
      top_writer: 'TOP Geek',
      adv_vip_support: 'VIP service',
      adv_plagreport: 'Plagiarism report',
    });
  });
  it('prices VIP $9.99, Preferred Geek $4.99, the plagiarism report $7.99, the rest 10% or 25%', () => {
    expect(ADD_ON_PRICES).toEqual({
      adv_vip_support: { kind: 'fixed', cents: 999 },
      client_recomended_writer: { kind: 'fixed', cents: 499 },
      adv_plagreport: { kind: 'fixed', cents: 799 },
      prioritize_my_task: { kind: 'percent', percent: 10 },
      draft_needed: { kind: 'percent', percent: 10 },
      top_writer: { kind: 'percent', percent: 25 },
    });
  });
  it('maps every coupon value kind to an add-on', () => {
    expect(COUPON_ADD_ON_KINDS).toEqual({
      plagreport: 'adv_plagreport',
      vip_support: 'adv_vip_support',
      top_writer: 'top_writer',
      draft_needed: 'draft_needed',
      prioritize_my_task: 'prioritize_my_task',
    });
    for (const service of Object.values(COUPON_ADD_ON_KINDS)) expect(ADD_ON_SERVICES).toContain(service);
  });
});

describe('addOnPriceCents', () => {
  it.each([
    ['adv_vip_support', 999],
    ['client_recomended_writer', 499],
    ['adv_plagreport', 799],
  ] as const)('%s costs a fixed %s cents whatever the work costs', (service, cents) => {
    expect(addOnPriceCents(service, 10000)).toBe(cents);
    expect(addOnPriceCents(service, 123)).toBe(cents);
    expect(addOnPriceCents(service, null)).toBe(cents);
  });
  it.each([
    // 10% of $100.00 = $10.00; 25% of $100.00 = $25.00
    ['prioritize_my_task', 10000, 1000],
    ['draft_needed', 10000, 1000],
    ['top_writer', 10000, 2500],
    // 10% of $132.75 = 1327.5 cents -> 1328; 25% of $132.75 = 3318.75 cents -> 3319
    ['prioritize_my_task', 13275, 1328],
    ['draft_needed', 13275, 1328],
    ['top_writer', 13275, 3319],
    // 10% of 1234 = 123.4 -> 123; 10% of 1235 = 123.5 -> 124; 25% of 1001 = 250.25 -> 250; 25% of 1003 = 250.75 -> 251
    ['prioritize_my_task', 1234, 123],
    ['prioritize_my_task', 1235, 124],
    ['top_writer', 1001, 250],
    ['top_writer', 1003, 251],
    ['top_writer', 0, 0],
  ] as const)('%s on %s cents of work costs %s cents', (service, work, cents) => {
    expect(addOnPriceCents(service, work)).toBe(cents);
  });
  it('prices a percent add-on at 0 while the work has no price', () => {
    expect(addOnPriceCents('top_writer', null)).toBe(0);
    expect(addOnPriceCents('prioritize_my_task', null)).toBe(0);
  });
  it.each(ADD_ON_SERVICES)('%s costs nothing when a coupon grants it', (service) => {
    expect(addOnPriceCents(service, 10000, true)).toBe(0);
    expect(addOnPriceCents(service, null, true)).toBe(0);
  });
  it('rounds a percent add-on to the nearest cent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AddOnService>('prioritize_my_task', 'draft_needed', 'top_writer'),
        fc.integer({ min: 0, max: 1e9 }),
        (service, work) => {
          const price = addOnPriceCents(service, work);
          const percent = service === 'top_writer' ? 25 : 10;
          expect(Number.isInteger(price)).toBe(true);
          expect(Math.abs(price - (work * percent) / 100)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});

describe('isAddOnDisabled (docs/product/tasks-and-pricing.md)', () => {
  it('leaves every add-on enabled on an unlocked task with time and Geeks to spare', () => {
    for (const service of ADD_ON_SERVICES) expect(isAddOnDisabled(service, base)).toBe(false);
  });
  it.each([
    ['the task is locked', { locked: true }],
    ["the coupon's free add-on is VIP", { freeAddOn: 'adv_vip_support' }],
    ['a change is being saved', { saving: true }],
  ] as const)('disables VIP when %s', (_, change) => {
    expect(isAddOnDisabled('adv_vip_support', ctx(change))).toBe(true);
  });
  it('keeps VIP enabled when the coupon grants another add-on', () => {
    expect(isAddOnDisabled('adv_vip_support', ctx({ freeAddOn: 'adv_plagreport' }))).toBe(false);
  });
  it('disables Draft with 6 hours or less left, and enables it from 6.01', () => {
    expect(DRAFT_MIN_HOURS_LEFT).toBe(6);
    expect(isAddOnDisabled('draft_needed', ctx({ hoursLeft: 6 }))).toBe(true);
    expect(isAddOnDisabled('draft_needed', ctx({ hoursLeft: 5.99 }))).toBe(true);
    expect(isAddOnDisabled('draft_needed', ctx({ hoursLeft: 0 }))).toBe(true);
    expect(isAddOnDisabled('draft_needed', ctx({ hoursLeft: -3 }))).toBe(true);
    expect(isAddOnDisabled('draft_needed', ctx({ hoursLeft: 6.01 }))).toBe(false);
  });
  it('disables Preferred Geek while the Geek list is empty', () => {
    expect(isAddOnDisabled('client_recomended_writer', ctx({ preferredGeekIds: [] }))).toBe(true);
    expect(isAddOnDisabled('client_recomended_writer', ctx({ preferredGeekIds: ['g1'] }))).toBe(false);
  });
  it('applies the locked and saving rules to VIP only', () => {
    const lockedAndSaving = ctx({ locked: true, saving: true });
    for (const service of ADD_ON_SERVICES.filter((s) => s !== 'adv_vip_support'))
      expect(isAddOnDisabled(service, lockedAndSaving)).toBe(false);
  });
});

describe('addOnStates', () => {
  it('gives one state per service, in catalogue order, with its label', () => {
    const states = addOnStates([], base);
    expect(states.map((s) => s.service)).toEqual([...ADD_ON_SERVICES]);
    for (const s of states) expect(s.label).toBe(ADD_ON_LABELS[s.service]);
  });
  it('shows nothing added on a fresh task, each at its price', () => {
    expect(addOnStates([], base)).toEqual([
      {
        service: 'prioritize_my_task',
        label: 'Prioritize my task',
        added: false,
        active: false,
        disabled: false,
        hidden: false,
        priceCents: 1000,
        geekId: null,
        included: false,
      },
      {
        service: 'draft_needed',
        label: 'Draft',
        added: false,
        active: false,
        disabled: false,
        hidden: true,
        priceCents: 1000,
        geekId: null,
        included: false,
      },
      {
        service: 'client_recomended_writer',
        label: 'Preferred Geek',
        added: false,
        active: false,
        disabled: false,
        hidden: false,
        priceCents: 499,
        geekId: null,
        included: false,
      },
      {
        service: 'top_writer',
        label: 'TOP Geek',
        added: false,
        active: false,
        disabled: false,
        hidden: false,
        priceCents: 2500,
        geekId: null,
        included: false,
      },
      {
        service: 'adv_vip_support',
        label: 'VIP service',
        added: false,
        active: false,
        disabled: false,
        hidden: false,
        priceCents: 999,
        geekId: null,
        included: false,
      },
      {
        service: 'adv_plagreport',
        label: 'Plagiarism report',
        added: false,
        active: false,
        disabled: false,
        hidden: false,
        priceCents: 799,
        geekId: null,
        included: false,
      },
    ]);
  });
  it('always hides Draft, added or not, whatever the time left', () => {
    expect(stateOf('draft_needed', [], { hoursLeft: 500 }).hidden).toBe(true);
    expect(stateOf('draft_needed', [{ tag: 'draft_needed' }]).hidden).toBe(true);
    expect(stateOf('draft_needed', [], { hoursLeft: 6 })).toMatchObject({ hidden: true, disabled: true });
  });
  it('hides and disables Preferred Geek with an empty Geek list, and shows it otherwise', () => {
    expect(stateOf('client_recomended_writer', [], { preferredGeekIds: [] })).toMatchObject({
      hidden: true,
      disabled: true,
    });
    expect(stateOf('client_recomended_writer', [], { preferredGeekIds: ['g7'] })).toMatchObject({
      hidden: false,
      disabled: false,
    });
  });
  it('hides nothing else', () => {
    const hidden = addOnStates([], ctx({ preferredGeekIds: [] }))
      .filter((s) => s.hidden)
      .map((s) => s.service);
    expect(hidden).toEqual(['draft_needed', 'client_recomended_writer']);
  });
  it('marks chosen add-ons added and active, and keeps the preferred Geek id', () => {
    const added: AddedService[] = [
      { tag: 'adv_vip_support' },
      { tag: 'client_recomended_writer', writerId: 'g2' },
    ];
    expect(stateOf('adv_vip_support', added)).toMatchObject({ added: true, active: true, geekId: null });
    expect(stateOf('client_recomended_writer', added)).toMatchObject({
      added: true,
      active: true,
      geekId: 'g2',
    });
    expect(stateOf('adv_plagreport', added)).toMatchObject({ added: false, active: false });
  });
  it("counts a coupon's free add-on as added and active, at no cost", () => {
    const s = stateOf('top_writer', [], { freeAddOn: 'top_writer' });
    expect(s).toMatchObject({ added: true, active: true, priceCents: 0 });
    // the other add-ons keep their price
    expect(stateOf('prioritize_my_task', [], { freeAddOn: 'top_writer' }).priceCents).toBe(1000);
  });
  it('disables VIP when it is free, locked or saving', () => {
    expect(stateOf('adv_vip_support', [], { freeAddOn: 'adv_vip_support' })).toMatchObject({
      added: true,
      disabled: true,
      priceCents: 0,
    });
    expect(stateOf('adv_vip_support', [], { locked: true }).disabled).toBe(true);
    expect(stateOf('adv_vip_support', [], { saving: true }).disabled).toBe(true);
    expect(stateOf('adv_vip_support', []).disabled).toBe(false);
  });
  it('disables Draft at exactly 6 hours left and enables it at 6.01', () => {
    expect(stateOf('draft_needed', [], { hoursLeft: 6 }).disabled).toBe(true);
    expect(stateOf('draft_needed', [], { hoursLeft: 6.01 }).disabled).toBe(false);
  });
  it('prices percent add-ons from the work price, and at 0 while there is none', () => {
    expect(stateOf('top_writer', [], { workCents: 13275 }).priceCents).toBe(3319);
    expect(stateOf('top_writer', [], { workCents: null }).priceCents).toBe(0);
    expect(stateOf('adv_vip_support', [], { workCents: null }).priceCents).toBe(999);
  });
});

describe('addOnAddError', () => {
  it('allows an enabled add-on that is not there yet', () => {
    for (const service of ['prioritize_my_task', 'top_writer', 'adv_vip_support', 'adv_plagreport'] as const)
      expect(addOnAddError(service, [], base, undefined)).toBeNull();
    expect(addOnAddError('draft_needed', [], ctx({ hoursLeft: 6.01 }), undefined)).toBeNull();
  });
  it('refuses an add-on that is already added', () => {
    expect(addOnAddError('adv_plagreport', [{ tag: 'adv_plagreport' }], base, undefined)).toBe(
      'add_on_already_added',
    );
    expect(
      addOnAddError(
        'client_recomended_writer',
        [{ tag: 'client_recomended_writer', writerId: 'g1' }],
        base,
        'g2',
      ),
    ).toBe('add_on_already_added');
  });
  it("refuses the coupon's free add-on as already added", () => {
    expect(addOnAddError('top_writer', [], ctx({ freeAddOn: 'top_writer' }), undefined)).toBe(
      'add_on_already_added',
    );
    // VIP granted by the coupon is also disabled; being already there is reported first
    expect(addOnAddError('adv_vip_support', [], ctx({ freeAddOn: 'adv_vip_support' }), undefined)).toBe(
      'add_on_already_added',
    );
  });
  it('refuses a disabled add-on', () => {
    expect(addOnAddError('adv_vip_support', [], ctx({ locked: true }), undefined)).toBe('add_on_disabled');
    expect(addOnAddError('adv_vip_support', [], ctx({ saving: true }), undefined)).toBe('add_on_disabled');
    expect(addOnAddError('draft_needed', [], ctx({ hoursLeft: 6 }), undefined)).toBe('add_on_disabled');
    expect(addOnAddError('client_recomended_writer', [], ctx({ preferredGeekIds: [] }), 'g1')).toBe(
      'add_on_disabled',
    );
  });
  it.each([
    ['no writer id', undefined],
    ['a null writer id', null],
    ['an empty writer id', ''],
    ['a Geek not in the list', 'g9'],
  ] as const)('requires a listed preferred Geek: refuses %s', (_, geekId) => {
    expect(addOnAddError('client_recomended_writer', [], base, geekId)).toBe('preferred_geek_required');
  });
  it('accepts a preferred Geek from the list', () => {
    expect(addOnAddError('client_recomended_writer', [], base, 'g1')).toBeNull();
    expect(addOnAddError('client_recomended_writer', [], base, 'g2')).toBeNull();
  });
  it('needs no writer id for the other add-ons', () => {
    expect(addOnAddError('adv_vip_support', [], base, 'g9')).toBeNull();
  });
});

describe('addOnsTotalCents', () => {
  it('is 0 with nothing chosen', () => {
    expect(addOnsTotalCents([], 10000, null)).toBe(0);
  });
  it('adds the fixed prices: $9.99 + $4.99 + $7.99 = $22.97', () => {
    const added: AddedService[] = [
      { tag: 'adv_vip_support' },
      { tag: 'client_recomended_writer', writerId: 'g1' },
      { tag: 'adv_plagreport' },
    ];
    expect(addOnsTotalCents(added, 10000, null)).toBe(2297);
  });
  it('adds percent prices from the work price: $100 work, 10% + 25% + VIP = $44.99', () => {
    const added: AddedService[] = [
      { tag: 'prioritize_my_task' },
      { tag: 'top_writer' },
      { tag: 'adv_vip_support' },
    ];
    expect(addOnsTotalCents(added, 10000, null)).toBe(4499);
  });
  it("leaves out the coupon's free add-on", () => {
    const added: AddedService[] = [{ tag: 'adv_vip_support' }, { tag: 'adv_plagreport' }];
    expect(addOnsTotalCents(added, 10000, 'adv_vip_support')).toBe(799);
    expect(addOnsTotalCents(added, 10000, 'adv_plagreport')).toBe(999);
    expect(addOnsTotalCents([{ tag: 'top_writer' }], 10000, 'top_writer')).toBe(0);
  });
  it('counts only fixed prices while the work has no price', () => {
    expect(addOnsTotalCents([{ tag: 'top_writer' }, { tag: 'adv_plagreport' }], null, null)).toBe(799);
  });
  it('is the sum of the single prices, an integer never below 0', () => {
    fc.assert(
      fc.property(
        fc.subarray([...ADD_ON_SERVICES]),
        fc.integer({ min: 0, max: 1e9 }),
        fc.option(fc.constantFrom(...ADD_ON_SERVICES), { nil: null }),
        (services, work, free) => {
          const total = addOnsTotalCents(
            services.map((tag) => ({ tag })),
            work,
            free,
          );
          let sum = 0;
          for (const s of services) sum += s === free ? 0 : addOnPriceCents(s, work);
          expect(total).toBe(sum);
          expect(Number.isInteger(total)).toBe(true);
          expect(total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
