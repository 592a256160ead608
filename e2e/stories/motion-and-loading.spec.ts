import type { Page, Route, TestInfo } from '@playwright/test';
import { shot } from '../support/layout.ts';
import { expectNoA11yViolations, JSON_CALL, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 26 item 10, docs/product/tasks-and-pricing.md, decision 042: the mini order form shows skeletons while the list's first
 * page loads, popups open in 300 ms and the task rows come in 25 ms apart; with reduced motion nothing moves.
 */

const FIRST_PAGE = /\/api\/v3\/orders\?page=0$/;
const TITLES = ['Motion essay one', 'Motion essay two', 'Motion essay three'];

/** Holds every call for the list's first page until `release()`, so the loading state stays on screen. */
async function holdFirstPage(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route(FIRST_PAGE, (route) => (open ? route.continue() : void held.push(route)));
  return {
    seen: () => held.length,
    release: async () => {
      open = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));

/** Each task row's computed animation: name, duration and delay in milliseconds. */
const rowMotion = (page: Page) =>
  page.locator('main ul li:has(> a[href^="/order/"])').evaluateAll((items) =>
    items.map((li) => {
      const st = getComputedStyle(li);
      return {
        name: st.animationName,
        duration: Number.parseFloat(st.animationDuration) * 1000,
        delay: Math.round(Number.parseFloat(st.animationDelay) * 1000),
      };
    }),
  );

async function expectLoadingForm(page: Page) {
  const form = page.getByRole('form', { name: 'Add new task' });
  await expect(form).toHaveAttribute('aria-busy', 'true');
  const skeleton = page.getByTestId('mini-form-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-hidden', 'true');
  await expect(form.getByPlaceholder('Type your task name')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Add new task' })).toHaveCount(0);
}

async function expectReadyForm(page: Page) {
  const form = page.getByRole('form', { name: 'Add new task' });
  await expect(form.getByPlaceholder('Type your task name')).toBeVisible();
  await expect(form.getByPlaceholder('Choose your course')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add new task' })).toBeVisible();
  await expect(form).not.toHaveAttribute('aria-busy');
  await expect(page.getByTestId('mini-form-skeleton')).toHaveCount(0);
}

/**
 * A new student with the story's tasks (added oldest first, so the list shows three, two, one) opens the list
 * with the given motion preference while its first page is held: the mini form is loading.
 */
async function openListLoading(page: Page, testInfo: TestInfo, reducedMotion: 'reduce' | 'no-preference') {
  await page.emulateMedia({ reducedMotion });
  await signUpStudent(page, testInfo);
  for (const title of TITLES) {
    const created = await page.request.post('/api/v3/orders', {
      headers: JSON_CALL,
      data: { title, subject: 'History' },
    });
    expect(created.status()).toBe(201);
  }
  const gate = await holdFirstPage(page);
  await page.goto('/orders');
  await expect.poll(gate.seen).toBeGreaterThan(0);
  await expectLoadingForm(page);
  return gate;
}

test('The mini form shows skeletons while the list loads, popups rise in 300 ms and rows come in 25 ms apart', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // Loading: skeletons in place of the inputs, the form busy, the skeletons hidden from assistive technology.
  const gate = await openListLoading(page, testInfo, 'no-preference');
  const shimmer = await page
    .getByTestId('mini-form-skeleton')
    .evaluate((el) => [getComputedStyle(el).animationName, getComputedStyle(el).animationIterationCount]);
  expect(shimmer[0]).not.toBe('none');
  expect(shimmer[1]).toBe('infinite');
  await shot(page, testInfo, 'mini-form-skeleton');
  await expectNoA11yViolations(page);

  // Loaded: the real form replaces them, and the rows come in 25 ms after one another, 300 ms each.
  await gate.release();
  await expectReadyForm(page);
  await expect(page.getByRole('link', { name: /Motion essay/ })).toHaveCount(3);
  const rows = await rowMotion(page);
  expect(rows.map((r) => r.delay)).toEqual([0, 25, 50]);
  for (const row of rows) {
    expect(row.name).not.toBe('none');
    expect(row.duration).toBe(300);
  }
  await settle(page);
  await shot(page, testInfo, 'orders-loaded');
  await expectNoA11yViolations(page);

  // A popup rises in 300 ms while its backdrop fades in; caught (paused) 120 ms in for the screenshot.
  await page.evaluate(() => {
    document.addEventListener(
      'animationstart',
      (e) => {
        if (!(e.target instanceof HTMLDialogElement)) return;
        for (const a of document.getAnimations()) {
          a.pause();
          a.currentTime = 120;
        }
      },
      { once: true },
    );
  });
  await page.getByRole('button', { name: 'Change course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the course of History' });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'paused').length))
    .toBeGreaterThan(0);
  const opening = await dialog.evaluate((el) => {
    const own = getComputedStyle(el);
    return {
      name: own.animationName,
      duration: Number.parseFloat(own.animationDuration) * 1000,
      backdrop: Number.parseFloat(getComputedStyle(el, '::backdrop').animationDuration) * 1000,
      transform: own.transform,
    };
  });
  expect(opening.name).not.toBe('none');
  expect(opening.duration).toBe(300);
  expect(opening.backdrop).toBe(300);
  expect(opening.transform).not.toBe('none');
  await shot(page, testInfo, 'dialog-mid-animation');
  await page.evaluate(() => {
    for (const a of document.getAnimations()) a.play();
  });
  await settle(page);
  expect(await dialog.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('With reduced motion the skeletons, the rows and the popups do not move', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const gate = await openListLoading(page, testInfo, 'reduce');
  expect(
    await page.getByTestId('mini-form-skeleton').evaluate((el) => getComputedStyle(el).animationName),
  ).toBe('none');
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await shot(page, testInfo, 'mini-form-skeleton-reduced');
  await expectNoA11yViolations(page);

  await gate.release();
  await expectReadyForm(page);
  await expect(page.getByRole('link', { name: /Motion essay/ })).toHaveCount(3);
  const rows = await rowMotion(page);
  expect(rows.map((r) => r.name)).toEqual(['none', 'none', 'none']);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);

  await page.getByRole('button', { name: 'Change course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the course of History' });
  await expect(dialog).toBeVisible();
  const still = await dialog.evaluate((el) => ({
    name: getComputedStyle(el).animationName,
    backdrop: getComputedStyle(el, '::backdrop').animationName,
    transform: getComputedStyle(el).transform,
    running: document.getAnimations().length,
  }));
  expect(still).toEqual({ name: 'none', backdrop: 'none', transform: 'none', running: 0 });
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
