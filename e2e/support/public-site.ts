import { expect, type Page } from '@playwright/test';

/** Prerendered public pages hydrate after the load event; wait for it before interacting. */
export async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

export const HOME_HEADLINE = 'There is an “A” in “teamwork”';
