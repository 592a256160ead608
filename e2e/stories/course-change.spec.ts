import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { expectNoSidewaysScroll, shot } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

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
  const delivered = await createPricedTask(page.request, {
    title: 'Delivered reflection',
    subject: 'Psychology',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 60);
  await payFromBalance(page.request, paid, { cents: 2655 });
  await payFromBalance(page.request, delivered, { cents: 2655 });
  await operatorDeliversFinalDraft(page.request, delivered, {
    name: 'reflection.pdf',
    body: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });

  // Only the unpaid task shows (the list's filter): the group's change still counts every task of the course.
  // Rated, so the list does not open its review on arrival (docs/product/statuses-and-state-machine.md).
  const rated = await page.request.post(`/api/v3/orders/${delivered}`, {
    headers: JSON_CALL,
    data: { action: 'client_feedback', mark: 5 },
  });
  expect(rated.status()).toBe(200);
  await page.goto('/orders');
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByRole('group', { name: 'Payment type' }).getByText('Unpaid').click();
  await expect(page.getByText('Showing 1 of 1 task')).toBeVisible();
  // The group heading's button (one group here), described by its heading.
  const change = page.getByRole('button', { name: 'Change course', exact: true });
  await expect(change).toHaveAccessibleDescription(/^Psychology/);
  await change.click();
  const dialog = page.getByRole('dialog', { name: 'Change the course of Psychology' });
  // Issue 34: how many will move is said before anything moves; the delivered task is named for what it is.
  const summary = dialog.getByTestId('course-change-summary');
  await expect(summary).toHaveText(
    '2 tasks will move to the course you choose.1 task already delivered keeps its course.',
  );
  const move = dialog.getByRole('button', { name: 'Move 2 tasks' });
  await expect(move).toHaveAccessibleDescription(/^2 tasks will move/);
  // The same course picker as the task forms: recent courses first, 'No results for «…»'.
  const field = dialog.getByLabel('Choose your course');
  await field.click();
  await expect(dialog.getByText('Recent Courses')).toBeVisible();
  await field.fill('Astrology');
  await expect(dialog.getByText('No results for «Astrology»')).toBeVisible();
  await field.press('Escape');
  await move.click();
  // docs/product/tasks-and-pricing.md's wording on rename.
  await expect(dialog.getByText('Please choose course from the list name')).toBeVisible();
  await shot(page, testInfo, 'course-change-refused');
  await expectNoSeriousA11yViolations(page);
  await field.fill('sociolo');
  await dialog.getByRole('option', { name: 'Sociology' }).click();
  await expect(field).toHaveValue('Sociology');
  await shot(page, testInfo, 'course-change-count');
  await move.click();
  await expect(dialog).toHaveCount(0);
  await filters.getByRole('button', { name: 'Reset filters' }).click();
  const group = page.getByRole('button', { name: /^Sociology/ });
  await expect(group).toBeVisible();
  await expect(page.getByRole('link', { name: /Essay on memory/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Case study on habits/ })).toBeVisible();
  // The delivered task kept its course, and a group with nothing left to move offers no change.
  await expect(page.getByRole('button', { name: /^Psychology/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change course', exact: true })).toHaveCount(1);
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
  await one.getByRole('option', { name: 'History', exact: true }).click();
  await one.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^History · Task #\d+$/)).toBeVisible();
  const quote = page.getByRole('region', { name: 'Payment' });
  await expect(quote.getByText('$26.55').first()).toBeVisible();
  await expect(quote.getByText('Fully paid')).toBeVisible();
  await expectNoSidewaysScroll(page);
  const view = await (await page.request.get(`/api/v3/orders/${unpaid}`)).json();
  expect(view.subject).toBe('Sociology');
});
