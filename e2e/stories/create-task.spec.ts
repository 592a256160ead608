import { expectNoSeriousA11yViolations, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

const createdUrl = /\/orders\/([^/?#]+)\/created$/;

test('A new student adds a task on the full page, skips the popup, then gets a task from a link with title and subject', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  await signUpStudent(page, testInfo);
  await expect(page.getByText("Looks like you don't have any tasks.")).toBeVisible();

  // The full-page form: the spec's title and promise, and a close link back to the list.
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Add new task', level: 1 })).toBeVisible();
  await expect(page.getByText('We cover 100+ courses')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/orders');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `test-results/screens/create-${project}.png`, fullPage: true });

  // Submitting empty shows both of the spec's messages, and adds nothing.
  const submit = page.getByRole('button', { name: 'Add new task' });
  await submit.click();
  await expect(page.getByText('Please, name your task')).toBeVisible();
  await expect(page.getByText('Tell us what course you are taking')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  await page.screenshot({ path: `test-results/screens/create-errors-${project}.png`, fullPage: true });

  // A name and a course from the picker clear the messages.
  await page.getByPlaceholder('Type your task name').fill('Thermodynamics problem set');
  await expect(page.getByText('Please, name your task')).toBeHidden();
  const course = page.getByPlaceholder('Choose your course');
  await course.click();
  await expect(page.getByText('Top Courses')).toBeVisible();
  await course.fill('physi');
  await page.getByRole('option', { name: /^Physics$/ }).click();
  await expect(course).toHaveValue('Physics');
  await expect(page.getByText('Tell us what course you are taking')).toBeHidden();
  await submit.click();

  // The popup over the task list.
  await expect(page).toHaveURL(createdUrl);
  const popup = page.getByRole('dialog', { name: "You've added a new task!" });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: "You've added a new task!" })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Help me with my task' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `test-results/screens/created-popup-${project}.png` });
  const firstId = createdUrl.exec(new URL(page.url()).pathname)?.[1];
  expect(firstId).toBeTruthy();

  // 'Not Now' closes it, and the new task is in the list.
  await popup.getByRole('button', { name: 'Not Now' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(popup).toBeHidden();
  await expect(page.getByRole('link', { name: /Thermodynamics problem set/ })).toBeVisible();

  // Escape closes the popup too.
  await page.goto(`/orders/${firstId}/created`);
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(popup).toBeHidden();

  // An invalid title and subject pair is only dropped from the address.
  await page.goto('/orders?title=Lab%20report&subject=alchemy');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('link', { name: /Thermodynamics problem set/ })).toBeVisible();
  await expect(popup).toBeHidden();

  // A valid pair in the address adds the task once and opens its popup.
  await page.goto('/orders?title=Lab%20report&subject=chemistry');
  await expect(page).toHaveURL(createdUrl);
  await expect(popup).toBeVisible();
  const secondId = createdUrl.exec(new URL(page.url()).pathname)?.[1];
  expect(secondId).toBeTruthy();
  expect(secondId).not.toBe(firstId);
  // Decision 046: a task without details opens in the new-order flow (docs/product/tasks-and-pricing.md), without the header links.
  await popup.getByRole('button', { name: 'Help me with my task' }).click();
  await expect(page).toHaveURL(new RegExp(`/neworder/${secondId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lab report');
  await expect(page.getByRole('banner').getByRole('link', { name: /My Tasks|Balance/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Back on the list: exactly one 'Lab report', filed under its canonical course name.
  await page.goto('/orders');
  await expect(page.getByRole('link', { name: /Lab report/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Chemistry/ })).toBeVisible();
});
