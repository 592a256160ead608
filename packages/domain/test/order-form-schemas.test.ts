import { describe, expect, it } from 'vitest';
import {
  changeCourseSchema,
  couponCodeSchema,
  DEFAULT_REQUEST_TYPE_LABEL,
  normalizeCouponCode,
  ORDER_FORM_MESSAGES,
  PAGE_OPTIONS,
  pagesLabel,
  REQUEST_TYPE_MAX,
  renameSchema,
  renameTitle,
  requestTypeCounter,
  requestTypeField,
} from '../src/orders/order-form-schemas.ts';

type Issue = { message: string; path: PropertyKey[] };
const messages = (r: { error?: { issues: Issue[] } }) => r.error?.issues.map((i) => i.message) ?? [];
const issuesAt = (r: { error?: { issues: Issue[] } }, key: string) =>
  r.error?.issues.filter((i) => i.path[0] === key).map((i) => i.message) ?? [];

describe('the spec texts', () => {
  it('keep the spec wording', () => {
    expect(ORDER_FORM_MESSAGES).toEqual({
      requestTypeRequired: 'Please tell the Geek what you want done',
      requestTypeTooLong: 'Task type is limited to 30 characters',
      subjectNotInListRename: 'Please choose course from the list name',
      couponEmpty: 'Please, enter a coupon code.',
    });
    expect(DEFAULT_REQUEST_TYPE_LABEL).toBe('Help me with my homework');
    expect(REQUEST_TYPE_MAX).toBe(30);
  });
});

describe('requestTypeField', () => {
  it('trims leading spaces only', () => {
    expect(requestTypeField.parse('  Essay ')).toBe('Essay ');
    expect(requestTypeField.parse('\tLab report')).toBe('Lab report');
  });
  it.each(['', ' ', '   \n'])('%j is empty', (input) => {
    expect(messages(requestTypeField.safeParse(input))).toEqual(['Please tell the Geek what you want done']);
  });
  it('takes 30 characters and refuses 31', () => {
    expect(requestTypeField.parse('x'.repeat(30))).toBe('x'.repeat(30));
    expect(messages(requestTypeField.safeParse('x'.repeat(31)))).toEqual([
      'Task type is limited to 30 characters',
    ]);
  });
  it('counts the limit after the leading spaces are gone', () => {
    expect(requestTypeField.parse(`   ${'x'.repeat(30)}`)).toBe('x'.repeat(30));
  });
});

describe('requestTypeCounter', () => {
  it("shows 'n/30' without the leading spaces", () => {
    expect(requestTypeCounter('')).toBe('0/30');
    expect(requestTypeCounter('  Essay ')).toBe('6/30');
    expect(requestTypeCounter('x'.repeat(30))).toBe('30/30');
  });
});

describe('pagesLabel', () => {
  it("says 'page' for 1 and 'pages' otherwise, with 275 words a page", () => {
    expect(pagesLabel(1)).toBe('1 page · 275 words');
    expect(pagesLabel(2)).toBe('2 pages · 550 words');
    expect(pagesLabel(50)).toBe('50 pages · 13750 words');
  });
  it('takes another words-per-page value', () => {
    expect(pagesLabel(3, 300)).toBe('3 pages · 900 words');
  });
});

describe('PAGE_OPTIONS', () => {
  it('runs from 1 to 50', () => {
    expect(PAGE_OPTIONS).toHaveLength(50);
    expect(PAGE_OPTIONS[0]).toBe(1);
    expect(PAGE_OPTIONS[49]).toBe(50);
    expect(PAGE_OPTIONS.every((n, i) => n === i + 1)).toBe(true);
  });
});

describe('renameTitle', () => {
  it('returns the trimmed new title', () => {
    expect(renameTitle('Old', '  New title ')).toBe('New title');
  });
  it.each([
    ['Old', ''],
    ['Old', '   '],
    ['Old', 'Old'],
    ['Old', '  Old  '],
    [' Old ', 'Old'],
  ])('discards an empty or unchanged edit (%j -> %j)', (current, entry) => {
    expect(renameTitle(current, entry)).toBeNull();
  });
  it('treats a change of case as a change', () => {
    expect(renameTitle('Old', 'old')).toBe('old');
  });
});

describe('renameSchema', () => {
  it('trims the title and caps it at 200', () => {
    expect(renameSchema.parse({ title: ' T ' })).toEqual({ title: 'T' });
    expect(renameSchema.safeParse({ title: 'x'.repeat(200) }).success).toBe(true);
    expect(issuesAt(renameSchema.safeParse({ title: 'x'.repeat(201) }), 'title')).toHaveLength(1);
  });
  it("says 'Please, name your task' for an empty title", () => {
    expect(issuesAt(renameSchema.safeParse({ title: '  ' }), 'title')).toEqual(['Please, name your task']);
  });
});

describe('changeCourseSchema', () => {
  it('matches a listed course ignoring case and gives its canonical name', () => {
    expect(changeCourseSchema.parse({ subject: ' organic CHEMISTRY ' })).toEqual({
      subject: 'Organic Chemistry',
    });
    expect(changeCourseSchema.parse({ subject: 'English' })).toEqual({ subject: 'English' });
  });
  it.each([
    ['', 'Tell us what course you are taking'],
    ['  ', 'Tell us what course you are taking'],
    ['Cooking', 'Please choose course from the list name'],
    ['Organic', 'Please choose course from the list name'],
  ])('%j -> %s', (subject, message) => {
    expect(issuesAt(changeCourseSchema.safeParse({ subject }), 'subject')).toEqual([message]);
  });
});

describe('normalizeCouponCode', () => {
  it('removes every whitespace and upper-cases', () => {
    expect(normalizeCouponCode(' new user\t25 ')).toBe('NEWUSER25');
    expect(normalizeCouponCode('NEWUSER')).toBe('NEWUSER');
    expect(normalizeCouponCode('   ')).toBe('');
  });
});

describe('couponCodeSchema', () => {
  it('outputs the normalised code', () => {
    expect(couponCodeSchema.parse(' newuser ')).toBe('NEWUSER');
  });
  it.each(['', '  ', '\n\t'])("%j gives 'Please, enter a coupon code.'", (input) => {
    expect(messages(couponCodeSchema.safeParse(input))).toEqual(['Please, enter a coupon code.']);
  });
  it('caps the code at 50 characters after normalising', () => {
    expect(couponCodeSchema.safeParse('a'.repeat(50)).success).toBe(true);
    expect(couponCodeSchema.safeParse(`${'a'.repeat(25)} ${'a'.repeat(25)}`).success).toBe(true);
    expect(couponCodeSchema.safeParse('a'.repeat(51)).success).toBe(false);
  });
});
