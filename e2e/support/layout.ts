import { expect, type Page } from '@playwright/test';

/** The page is no wider than the viewport (no sideways scroll, at 375px in the mobile project). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Opens a page and waits until the app has hydrated it (prerendered pages hydrate after they load). */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}
