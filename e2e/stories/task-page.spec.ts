import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pickDate } from '../support/deadline-picker.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// SCREENS_DIR: somewhere else than test-results, which each Playwright run empties.
const SCREENS = process.env.SCREENS_DIR ?? join(import.meta.dirname, '..', 'test-results', 'screens');

type ApiOrder = {
  price: number | null;
  deadline: string;
  pages: number | null;
  request_type: string | null;
  bad_deadline: boolean;
  additional: string[];
};

const daysAhead = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return d;
};
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const money = (dollars: number) => `$${dollars.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

test('A student prices a new task on its page: type, pages, deadline, and the bad-deadline Apply', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  mkdirSync(SCREENS, { recursive: true });
  await signUpStudent(page, testInfo);

  // A task from the mini form, opened from its row (or from the 'added' popup, if one shows).
  await page.getByPlaceholder('Type your task name').fill('Essay on the causes of World War I');
  await page.getByPlaceholder('Choose your course').fill('hist');
  await page.getByRole('option', { name: /^History$/ }).click();
  await page.getByRole('button', { name: 'Add new task' }).click();
  const row = page.getByRole('link', { name: /Essay on the causes of World War I/ });
  const popupButton = page.getByRole('button', { name: 'Help me with my task' });
  await expect(row.or(popupButton).first()).toBeVisible();
  if (await popupButton.isVisible()) await popupButton.click();
  else await row.click();
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const apiOrder = async (): Promise<ApiOrder> =>
    (await page.request.get(`/api/v3/orders/${orderId}`, { headers: JSON_CALL })).json();

  // The header: subject and task number, the title as the heading.
  await expect(page.getByText(/^History · Task #\d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Essay on the causes of World War I');
  const quote = page.getByTestId('task-quote');
  await expect(quote.getByText("Price for Geek's work will appear here")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Save and pay later' })).toHaveCount(0);

  // docs/product/tasks-and-pricing.md (issue 26 item 2): a new task starts as 'Essay writing' with the 30% deposit ticked, so
  // 'Show me the fields' goes to the first missing field, the pages.
  const taskType = page.getByRole('combobox', { name: 'Task type' });
  await expect(taskType).toHaveValue('Essay writing');
  await expect(taskType).toHaveAttribute('placeholder', 'Help me with my homework');
  expect((await apiOrder()).additional).toContain('partial_payment');
  await quote.getByRole('button', { name: 'Show me the fields' }).click();
  await expect(page.getByLabel('Pages')).toBeFocused();

  // Task type: suggestions highlighted from 7 characters, the 'n/30' counter, saved on leaving the field.
  await taskType.fill('Essay');
  await taskType.fill('Essay writing');
  await expect(page.getByText('13/30')).toBeVisible();
  await expect(page.getByRole('option', { name: 'Essay writing' }).locator('mark')).toHaveCount(2);
  await expect(page.getByText('Please tell the Geek what you want done')).toBeHidden();
  await taskType.press('Tab');
  await expect.poll(async () => (await apiOrder()).request_type).toBe('Essay writing');

  // Pages: '5 pages · 1375 words', saved at once.
  const pages = page.getByLabel('Pages');
  await pages.selectOption({ label: '5 pages · 1375 words' });
  await expect(pages).toHaveValue('5');
  await expect.poll(async () => (await apiOrder()).pages).toBe(5);

  // A deadline two days ahead: the server's price shows in the quote.
  await pickDate(page.locator('body'), daysAhead(2), zone());
  await expect.poll(async () => new Date((await apiOrder()).deadline).getDate()).toBe(daysAhead(2).getDate());
  const soon = (await apiOrder()).price;
  expect(soon).not.toBeNull();
  await expect(quote).toContainText(money(soon ?? 0));
  await expect(quote.getByText("Price for Geek's work will appear here")).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Save and pay later' })).toBeVisible();

  // A later deadline never costs more.
  await pickDate(page.locator('body'), daysAhead(9), zone());
  await expect.poll(async () => new Date((await apiOrder()).deadline).getDate()).toBe(daysAhead(9).getDate());
  const later = (await apiOrder()).price;
  expect(later).not.toBeNull();
  expect(later ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(soon ?? 0);
  await expect(quote).toContainText(money(later ?? 0));

  // Rename from the title menu.
  const menuButton = page.getByRole('button', { name: 'Task menu' });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('textbox', { name: 'Task name' });
  await rename.fill('  WWI causes essay  ');
  await rename.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('WWI causes essay');

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: join(SCREENS, `task-editable-${project}.png`), fullPage: true });

  // 50 pages two days ahead is too soon: the notice offers the earliest deadline, and Apply takes it.
  await pickDate(page.locator('body'), daysAhead(2), zone());
  await pages.selectOption({ label: '50 pages · 13750 words' });
  const notice = page.getByText(
    /^We can do 50 pages only by [A-Z][a-z]+ \d{2}, \d{4} at \d{1,2}:00 (AM|PM)$/,
  );
  await expect(notice).toBeVisible();
  await expect(page.getByRole('link', { name: 'Save and pay later' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: join(SCREENS, `task-bad-deadline-${project}.png`), fullPage: true });
  const offered = (await notice.textContent())?.match(/by (.+) at/)?.[1] ?? '';
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('button', { name: /^Date / })).toContainText(offered);
  await expect.poll(async () => (await apiOrder()).bad_deadline).toBe(false);
  const applied = (await apiOrder()).price;
  expect(applied).not.toBeNull();
  await expect(quote).toContainText(money(applied ?? 0));
  await expect(page.getByRole('link', { name: 'Save and pay later' })).toBeVisible();

  // The new-order variant hides the header links and the header line; files go to its own upload page.
  await page.goto(`/neworder/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('WWI causes essay');
  await expect(page.getByText(/Task #\d+/)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: /My Tasks|Balance/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Task files' })).toHaveAttribute(
    'href',
    `/neworder/${orderId}/upload`,
  );
  // The 30% deposit was ticked when the task was created (issue 34: never ticked again after).
  await expect(page.getByRole('checkbox', { name: '30% deposit' })).toBeChecked();
  // Leaving towards the list asks first (docs/product/statuses-and-state-machine.md): Stay keeps the task, Leave goes.
  await page.getByRole('banner').getByRole('link', { name: 'Geekly' }).click();
  const confirm = page.getByRole('dialog', { name: 'Leave your task?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/neworder/${orderId}$`));
  await page.getByRole('banner').getByRole('link', { name: 'Geekly' }).click();
  await page.getByRole('dialog', { name: 'Leave your task?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('A paid task is locked: the read-only table, the status and progress, and Rename disabled', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  mkdirSync(SCREENS, { recursive: true });
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Lab report on enzyme kinetics',
    subject: 'History',
    pages: 2,
    hoursAhead: 72,
  });
  const details = `Measure the reaction rate at five substrate concentrations. ${'Plot and discuss the results. '.repeat(10)}`;
  const patched = await page.request.patch(`/api/v3/orders/${id}`, {
    headers: JSON_CALL,
    data: { details, calc_quote: true },
  });
  const { price } = (await patched.json()) as ApiOrder;
  await creditStudent(page.request, 500);
  await payFromBalance(page.request, id, { cents: 50_000, expectedPrice: price });

  await page.goto(`/order/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lab report on enzyme kinetics');
  await expect(page.getByRole('combobox', { name: 'Task type' })).toHaveCount(0);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /^Task Essay writing$/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Length 2 pages · 550 words$/ })).toBeVisible();
  await expect(
    table.getByRole('row', { name: /^Due date [A-Z][a-z]+ \d{2}, \d{4} at \d{1,2}:00 (AM|PM)$/ }),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: /^Additional services —$/ })).toBeVisible();
  const more = table.getByRole('button', { name: 'Show more' });
  await expect(table).not.toContainText(
    'Plot and discuss the results. Plot and discuss the results. Plot and discuss the results. Plot and discuss the results. Plot and discuss the results. Plot and discuss the results.',
  );
  await more.click();
  await expect(table.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
  await expect(table).toContainText(details.trim());

  // The status of a paid task with its progress; the header line stays.
  await expect(page.getByText(/^History · Task #\d+$/)).toBeVisible();
  const progress = page.getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await page.getByRole('button', { name: 'Task menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'Request refund' })).toHaveAttribute(
    'href',
    `/order/${id}/request-refund`,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Save and pay later' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: join(SCREENS, `task-locked-${project}.png`), fullPage: true });
});
