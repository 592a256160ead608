import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { devices, expect, type Page, type TestInfo } from '@playwright/test';

/** The page is no wider than the viewport (no sideways scroll, at 375px in the mobile project). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The mobile project's phone (playwright.config.ts), for a story that shows a page at both sizes itself. */
export const PHONE = { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } };

/** Opens a page and waits until the app has hydrated it (prerendered pages hydrate after they load). */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * The details of a story whose behaviour does not depend on the screen's size (decision 034): the mobile project
 * skips stories tagged so (playwright.config.ts), the desktop one runs them. The pages they visit are still
 * shot and checked at both sizes by other stories.
 */
export const ONE_SIZE = { tag: '@one-size' };

// SCREENS_DIR: somewhere else than test-results, which each Playwright run empties.
const SCREENS = process.env.SCREENS_DIR ?? join(import.meta.dirname, '..', 'test-results', 'screens');

/** A full-page screenshot named for the story's step and screen size, to look at after a run. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}-${testInfo.project.name}.png`), fullPage: true });
}
