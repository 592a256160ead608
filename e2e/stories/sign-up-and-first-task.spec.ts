import {
  expectNoSeriousA11yViolations,
  STUDENT_PASSWORD,
  submitSignUp,
  uniqueEmail,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A new student signs up, adds a task from the mini form, finds it under its course, logs out and back in', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo);

  // A visitor opening the task list is sent to the log-in popup, and comes back after signing up.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login/);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /sign up/i }).click();
  await submitSignUp(dialog, email);

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('Ooops')).toBeVisible();
  await expect(page.getByText("Looks like you don't have any tasks.")).toBeVisible();
  await expect(page.getByRole('link', { name: /\$0\.00/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The mini form: the spec's validation messages, then a task from the course picker.
  await page.getByRole('button', { name: 'Add new task' }).click();
  await expect(page.getByText('Please, name your task')).toBeVisible();
  await page.getByPlaceholder('Type your task name').fill('Essay on the causes of World War I');
  const course = page.getByPlaceholder('Choose your course');
  await course.click();
  await expect(page.getByText('Top Courses')).toBeVisible();
  await expect(page.getByText('100+ more courses')).toBeVisible();
  await course.fill('quantum basket weaving');
  await expect(page.getByText('No results for «quantum basket weaving»')).toBeVisible();
  await course.fill('hist');
  await page.getByRole('option', { name: /^History$/ }).click();
  await expect(course).toHaveValue('History');
  await page.getByRole('button', { name: 'Add new task' }).click();

  // The task appears under its course group, with its due date.
  const group = page.getByRole('button', { name: /History/ });
  await expect(group).toBeVisible();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const row = page.getByRole('link', { name: /Essay on the causes of World War I/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Due [A-Z][a-z]+ \d{1,2} at \d{1,2} (AM|PM)/);
  // docs/product/tasks-and-pricing.md: with a task on the list, the picker shows its course under 'Recent Courses'.
  await course.click();
  await expect(page.getByText('Recent Courses')).toBeVisible();
  await expect(page.getByText('Top Courses')).toBeHidden();
  await expect(page.getByRole('option').first()).toHaveText('History');
  await course.press('Escape');
  await group.click();
  await expect(row).toBeHidden();
  await group.click();
  await expect(row).toBeVisible();
  await page.screenshot({ path: `screenshots/orders-${testInfo.project.name}.png`, fullPage: true });

  // Log out from the profile menu, then log back in and find the task again.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('dialog').getByLabel(/email/i).fill(email.toUpperCase());
  await page
    .getByRole('dialog')
    .getByLabel(/password/i)
    .fill(STUDENT_PASSWORD);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /log in/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('link', { name: /Essay on the causes of World War I/ })).toBeVisible();
});

test('Log-in errors show the spec messages', async ({ page }) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/email/i).fill('nobody-here@example.com');
  await dialog.getByLabel(/password/i).fill('whatever');
  await dialog
    .getByRole('button', { name: /log in/i })
    .last()
    .click();
  await expect(dialog.getByText('User not found. Please Sign up')).toBeVisible();
});
