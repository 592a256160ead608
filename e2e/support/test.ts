import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test`, with every page of the story checking the API's answers against the contract (decision
 * 065): the web app's `apiCall` parses each answer when `__GEEKLY_CHECK_ANSWERS__` is set, and a drift it finds
 * fails the story even when the screen hides it.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      (globalThis as { __GEEKLY_CHECK_ANSWERS__?: boolean }).__GEEKLY_CHECK_ANSWERS__ = true;
    });
    const drifts: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('[contract]')) drifts.push(message.text());
    });
    await use(context);
    expect(drifts, 'answers outside the API contract').toEqual([]);
  },
});

export { expect };
