import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, shot } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';

test('A student changes the course of a group of tasks on the list and of one task from its title menu; the paid one keeps its price', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpStudent(page, testInfo);
  const unpaid = await createPricedTask(page.request, {
    title: 'Essay on memory',
    subject: 'Psychology',
    pages: 1,
    hoursAhead: 100,
  });
  const paid = await createPricedTask(page.request, {
    title: 'Case study on habits',
    subject: 'Psychology',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, paid, { cents: 2655 });

  await page.goto('/orders');
  // The group heading's button (one group here), described by its heading.
  const change = page.getByRole('button', { name: 'Change course', exact: true });
  await expect(change).toHaveAccessibleDescription(/^Psychology/);
  await change.click();
  const dialog = page.getByRole('dialog', { name: 'Change the course of Psychology' });
  const field = dialog.getByLabel('Choose your course');
  await field.fill('Astrology');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Seed 000 §5's wording on rename.
  await expect(dialog.getByText('Please choose course from the list name')).toBeVisible();
  await shot(page, testInfo, 'course-change-refused');
  await expectNoSeriousA11yViolations(page);
  await field.fill('sociology');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const group = page.getByRole('button', { name: /^Sociology/ });
  await expect(group).toBeVisible();
  await expect(page.getByRole('button', { name: /^Psychology/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Essay on memory/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Case study on habits/ })).toBeVisible();
  await shot(page, testInfo, 'course-change-group');
  await expectNoSidewaysScroll(page);

  // One task from its title menu: an empty entry cancels, a listed course is taken; the paid price stays.
  await page.goto(`/order/${paid}`);
  await expect(page.getByText(/^Sociology · Task #\d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Change course' }).click();
  const one = page.getByRole('dialog', { name: 'Change course' });
  await one.getByRole('button', { name: 'Save' }).click();
  await expect(one).toHaveCount(0);
  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Change course' }).click();
  await one.getByLabel('Choose your course').fill('HISTORY');
  await shot(page, testInfo, 'course-change-task');
  await one.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^History · Task #\d+$/)).toBeVisible();
  const quote = page.getByRole('region', { name: 'Payment' });
  await expect(quote.getByText('$26.55').first()).toBeVisible();
  await expect(quote.getByText('Fully paid')).toBeVisible();
  await expectNoSidewaysScroll(page);
  const view = await (await page.request.get(`/api/v3/orders/${unpaid}`)).json();
  expect(view.subject).toBe('Sociology');
});
