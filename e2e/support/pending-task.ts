import type { Page } from '@playwright/test';

// Decision 011: the landing form keeps a task started while logged out under this key. Stories whose subject is
// what happens to it afterwards set it as the form would; the form itself is the landing stories'.
const PENDING_KEY = 'geekly.orderPending';

/** Opens the home page and keeps `task` as its form would for a visitor; returns the task's toid. */
export async function keepPendingTask(page: Page, task: { title: string; subject: string; from?: string }) {
  const toid = `toid-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    PENDING_KEY,
    JSON.stringify({ toid, ...task }),
  ] as const);
  return toid;
}

/** The pending task this browser still keeps, as stored (null once a sign-in took it). */
export const storedPendingTask = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), PENDING_KEY);
