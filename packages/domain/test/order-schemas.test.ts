import { describe, expect, it } from 'vitest';
import {
  createOrderSchema,
  defaultTaskTitle,
  landingTaskSchema,
  ORDER_ADDITIONAL_FLAGS,
  ORDER_MESSAGES,
  ORDER_TAGS,
} from '../src/orders/order-schemas.ts';

type Issue = { message: string; path: PropertyKey[] };
const issuesAt = (r: { error?: { issues: Issue[] } }, key: string) =>
  r.error?.issues.filter((i) => i.path[0] === key).map((i) => i.message) ?? [];

describe('the spec lists', () => {
  it('name the additional flags and tags of docs/product/tasks-and-pricing.md', () => {
    expect(ORDER_ADDITIONAL_FLAGS).toEqual([
      'partial_payment',
      'review_shown_on_client',
      'adv_plagreport',
      'adv_vip_support',
      'assigment_type_other',
      'assigment_type_presentation',
      'assigment_type_paper',
    ]);
    expect(ORDER_TAGS).toEqual([
      'delete_order',
      'no_feedback_1d',
      'client_accept',
      'recap_sent',
      'instr_ok',
      'instr_fixed',
      'instr_fixed_minor',
      'instr_not_ok_fixed',
      'instr_not_ok_crucial_fixed',
    ]);
  });
  it('keep the spec wording of the messages', () => {
    expect(ORDER_MESSAGES).toEqual({
      titleRequired: 'Please, name your task',
      subjectRequired: 'Tell us what course you are taking',
      subjectNotInList: 'Please choose course from the list',
      landingTitleRequired: 'Add your task name',
      landingSubjectRequired: 'Tell us what course you need help with',
    });
  });
});

describe('createOrderSchema', () => {
  it('trims the title and takes the canonical course name', () => {
    const input = {
      title: ' My essay ',
      subject: ' organic chemistry ',
      deadline: '2026-03-04T11:00:00.000Z',
      additional: ['partial_payment'],
      type: 'Essay writing',
    };
    expect(createOrderSchema.parse(input)).toEqual({
      ...input,
      title: 'My essay',
      subject: 'Organic Chemistry',
    });
  });
  it.each([
    [{ title: '', subject: 'English' }, 'title', 'Please, name your task'],
    [{ title: '   ', subject: 'English' }, 'title', 'Please, name your task'],
    [{ title: 'T', subject: '' }, 'subject', 'Tell us what course you are taking'],
    [{ title: 'T', subject: ' ' }, 'subject', 'Tell us what course you are taking'],
    [{ title: 'T', subject: 'Cooking' }, 'subject', 'Please choose course from the list'],
    [{ title: 'T', subject: 'Organic' }, 'subject', 'Please choose course from the list'],
  ])('%j -> %s: %s', (input, key, message) => {
    expect(issuesAt(createOrderSchema.safeParse(input), key)).toEqual([message]);
  });
  it('reports an empty title and an empty course together', () => {
    const r = createOrderSchema.safeParse({ title: '', subject: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Please, name your task',
      'Tell us what course you are taking',
    ]);
  });
  it('caps the title at 200 and the type at 30 characters', () => {
    expect(createOrderSchema.safeParse({ title: 'x'.repeat(200), subject: 'Art' }).success).toBe(true);
    expect(
      issuesAt(createOrderSchema.safeParse({ title: 'x'.repeat(201), subject: 'Art' }), 'title'),
    ).toHaveLength(1);
    expect(createOrderSchema.safeParse({ title: 'T', subject: 'Art', type: 'x'.repeat(30) }).success).toBe(
      true,
    );
    expect(
      issuesAt(createOrderSchema.safeParse({ title: 'T', subject: 'Art', type: 'x'.repeat(31) }), 'type'),
    ).toHaveLength(1);
  });
  it('takes only ISO date-times and the known additional flags', () => {
    expect(
      createOrderSchema.safeParse({ title: 'T', subject: 'Art', deadline: '2026-03-04T11:00:00+02:00' })
        .success,
    ).toBe(true);
    expect(createOrderSchema.safeParse({ title: 'T', subject: 'Art', deadline: 'next week' }).success).toBe(
      false,
    );
    expect(
      createOrderSchema.safeParse({ title: 'T', subject: 'Art', additional: ['free_money'] }).success,
    ).toBe(false);
    expect(
      createOrderSchema.safeParse({ title: 'T', subject: 'Art', additional: [...ORDER_ADDITIONAL_FLAGS] })
        .success,
    ).toBe(true);
  });
});

describe('landingTaskSchema', () => {
  it('uses the landing wording', () => {
    expect(issuesAt(landingTaskSchema.safeParse({ title: '', subject: 'English' }), 'title')).toEqual([
      'Add your task name',
    ]);
    expect(issuesAt(landingTaskSchema.safeParse({ title: 'T', subject: '  ' }), 'subject')).toEqual([
      'Tell us what course you need help with',
    ]);
    expect(
      issuesAt(landingTaskSchema.safeParse({ title: 'T', subject: 'Basket weaving' }), 'subject'),
    ).toEqual(['Please choose course from the list']);
    expect(landingTaskSchema.parse({ title: ' T ', subject: 'ENGLISH' })).toEqual({
      title: 'T',
      subject: 'English',
    });
  });
});

describe('defaultTaskTitle', () => {
  it("names a task without a title '{month} {subject} task'", () => {
    expect(defaultTaskTitle('Calculus', new Date(2026, 2, 15))).toBe('March Calculus task');
    expect(defaultTaskTitle(' English ', new Date(2026, 11, 31, 23, 59))).toBe('December English task');
  });
});
