import { describe, expect, it } from 'vitest';
import { addedTaskPath } from '../src/orders/task-page-path.ts';

describe('addedTaskPath (docs/product/tasks-and-pricing.md, decision 046)', () => {
  it('opens a changeable task without details in the new-order flow', () => {
    expect(addedTaskPath({ _id: 'a1', details: '', changeable: true })).toBe('/neworder/a1');
    expect(addedTaskPath({ _id: 'a1', details: '  \n ', changeable: true })).toBe('/neworder/a1');
  });
  it('opens a task with details on its ordinary page', () => {
    expect(addedTaskPath({ _id: 'a1', details: 'Use APA', changeable: true })).toBe('/order/a1');
  });
  it('opens a locked (paid) task on its ordinary page', () => {
    expect(addedTaskPath({ _id: 'a1', details: '', changeable: false })).toBe('/order/a1');
  });
  it('keeps the id a single path segment', () => {
    expect(addedTaskPath({ _id: 'a/../b', details: '', changeable: true })).toBe('/neworder/a%2F..%2Fb');
  });
});
