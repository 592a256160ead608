import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_FORM_MESSAGES, orderPatchSchema, PATCH_MESSAGES } from '../src/orders/order-form-schemas.ts';

type Issue = { message: string; path: PropertyKey[] };
const issuesAt = (r: { error?: { issues: Issue[] } }, key: string) =>
  r.error?.issues.filter((i) => i.path[0] === key).map((i) => i.message) ?? [];
const parse = (body: Record<string, unknown>) => orderPatchSchema.safeParse(body);

describe('orderPatchSchema', () => {
  it('accepts an empty patch', () => {
    expect(orderPatchSchema.parse({})).toEqual({});
  });
  it('keeps the message for the pages', () => {
    expect(PATCH_MESSAGES.pages).toBe('Please choose from 1 to 50 pages');
  });
});

describe('size', () => {
  it.each([
    ['5 pages', '5 pages'],
    ['1 page', '1 page'],
    ['50 pages', '50 pages'],
    ['1 pages', '1 page'],
    ['5 page', '5 pages'],
    [' 05 PAGES ', '5 pages'],
    ['12pages', '12 pages'],
  ])('%j -> %j', (size, normalised) => {
    expect(orderPatchSchema.parse({ size })).toEqual({ size: normalised });
  });
  it.each(['0 pages', '51 pages', '100 pages', '', 'five pages', '5', '-1 pages', '2.5 pages'])(
    'rejects %j with the pages message',
    (size) => {
      expect(issuesAt(parse({ size }), 'size')).toEqual(['Please choose from 1 to 50 pages']);
    },
  );
  it('rejects a size that is not text', () => {
    expect(parse({ size: 5 }).success).toBe(false);
  });
  it('normalises every page count from 1 to 50, and a normalised size stays the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.boolean(), (pages, upper) => {
        const raw = `${pages}  ${pages === 1 ? 'pages' : 'page'}`;
        const size = orderPatchSchema.parse({ size: upper ? raw.toUpperCase() : raw }).size;
        expect(size).toBe(pages === 1 ? '1 page' : `${pages} pages`);
        expect(orderPatchSchema.parse({ size }).size).toBe(size);
      }),
    );
  });
});

describe('request_type', () => {
  it('accepts 30 characters and rejects 31', () => {
    expect(orderPatchSchema.parse({ request_type: 'x'.repeat(30) })).toEqual({
      request_type: 'x'.repeat(30),
    });
    expect(issuesAt(parse({ request_type: 'x'.repeat(31) }), 'request_type')).toEqual([
      ORDER_FORM_MESSAGES.requestTypeTooLong,
    ]);
  });
  it('trims leading spaces only, before counting', () => {
    expect(orderPatchSchema.parse({ request_type: '   Essay ' })).toEqual({ request_type: 'Essay ' });
    expect(orderPatchSchema.parse({ request_type: `  ${'x'.repeat(30)}` })).toEqual({
      request_type: 'x'.repeat(30),
    });
  });
  it.each(['', '   '])('rejects %j as empty', (request_type) => {
    expect(issuesAt(parse({ request_type }), 'request_type')).toEqual([
      'Please tell the Geek what you want done',
    ]);
  });
});

describe('discount', () => {
  it.each([
    [' new user ', 'NEWUSER'],
    ['newuser', 'NEWUSER'],
    ['New\tUser\n', 'NEWUSER'],
    ['SAVE10', 'SAVE10'],
  ])('normalises %j to %j', (discount, code) => {
    expect(orderPatchSchema.parse({ discount })).toEqual({ discount: code });
  });
  it("keeps '' as '' (the API removes the code)", () => {
    expect(orderPatchSchema.parse({ discount: '' })).toEqual({ discount: '' });
  });
  it('allows null', () => {
    expect(orderPatchSchema.parse({ discount: null })).toEqual({ discount: null });
  });
  it('leaves it out when it is not sent', () => {
    expect('discount' in orderPatchSchema.parse({ title: 'Essay' })).toBe(false);
  });
  it('rejects more than 50 characters and non-text', () => {
    expect(parse({ discount: 'X'.repeat(50) }).success).toBe(true);
    expect(issuesAt(parse({ discount: 'X'.repeat(51) }), 'discount')).toHaveLength(1);
    expect(issuesAt(parse({ discount: 10 }), 'discount')).toHaveLength(1);
  });
});

describe('prices sent by the client', () => {
  it.each([
    ['a number', 132.75],
    ['a text', '132.75'],
    ['nonsense', 'free please'],
    ['a negative number', -1],
    ['null', null],
  ])('passes %s through untouched', (_, value) => {
    expect(orderPatchSchema.parse({ price: value, quote_price: value, partial_price: value })).toEqual({
      price: value,
      quote_price: value,
      partial_price: value,
    });
  });
  it('passes an object through as the same object', () => {
    const value = { cents: 1 };
    const out = orderPatchSchema.parse({ price: value, quote_price: value });
    expect(out.price).toBe(value);
    expect(out.quote_price).toBe(value);
  });
});

describe('title', () => {
  it.each(['', '   '])('rejects %j with the spec text', (title) => {
    expect(issuesAt(parse({ title }), 'title')).toEqual(['Please, name your task']);
  });
  it('trims the title', () => {
    expect(orderPatchSchema.parse({ title: '  My essay  ' })).toEqual({ title: 'My essay' });
  });
  it('rejects more than 200 characters', () => {
    expect(parse({ title: 'x'.repeat(200) }).success).toBe(true);
    expect(parse({ title: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('the other fields', () => {
  it('takes a deadline with an offset only', () => {
    expect(orderPatchSchema.parse({ deadline: '2026-05-04T12:00:00Z' })).toEqual({
      deadline: '2026-05-04T12:00:00Z',
    });
    expect(orderPatchSchema.parse({ deadline: '2026-05-04T12:00:00+02:00' }).deadline).toBe(
      '2026-05-04T12:00:00+02:00',
    );
    expect(parse({ deadline: '2026-05-04' }).success).toBe(false);
    expect(parse({ deadline: 'tomorrow' }).success).toBe(false);
  });
  it('takes known additional flags only', () => {
    expect(orderPatchSchema.parse({ additional: ['partial_payment', 'adv_vip_support'] })).toEqual({
      additional: ['partial_payment', 'adv_vip_support'],
    });
    expect(parse({ additional: ['free_money'] }).success).toBe(false);
  });
  it('reports each bad field under its own name', () => {
    const r = parse({ title: '', size: '0 pages', request_type: 'x'.repeat(31), price: 1 });
    expect(issuesAt(r, 'title')).toEqual(['Please, name your task']);
    expect(issuesAt(r, 'size')).toEqual(['Please choose from 1 to 50 pages']);
    expect(issuesAt(r, 'request_type')).toEqual(['Task type is limited to 30 characters']);
    expect(issuesAt(r, 'price')).toEqual([]);
  });
});
