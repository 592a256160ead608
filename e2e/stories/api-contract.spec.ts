import { test as plain } from '@playwright/test';
import { signUpStudent } from '../support/student.ts';
import { expect } from '../support/test.ts';

// Decision 065: every story's pages parse the API's answers by the contract. This story shows that check can
// fail: an answer that left its contract (the referral figures without `earn`) is reported, not shown.
plain(
  '@one-size An answer outside the contract is caught by the screens’ check',
  async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await context.addInitScript(() => {
      (globalThis as { __GEEKLY_CHECK_ANSWERS__?: boolean }).__GEEKLY_CHECK_ANSWERS__ = true;
    });
    const drifts: string[] = [];
    context.on('console', (m) => {
      if (m.type() === 'error' && m.text().startsWith('[contract]')) drifts.push(m.text());
    });
    const page = await context.newPage();
    await signUpStudent(page, testInfo);
    await page.route('**/api/v3/referral', async (route) => {
      const answer = await (await route.fetch()).json();
      delete answer.earn;
      await route.fulfill({ json: answer });
    });
    await page.goto('/referral');
    await expect
      .poll(() => drifts.join('\n'))
      .toContain('[contract] GET /referral answered outside its contract: earn');
    await context.close();
  },
);
