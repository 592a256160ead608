import type { Page } from '@playwright/test';
import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { activate, expectFocusOn, expectVisibleFocus, tabTo } from '../support/keyboard.ts';
import { ONE_SIZE } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  E2E_OPERATOR,
  expectNoA11yViolations,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 27: the signed-in app and the back office with the keyboard alone. No mouse and no click(): focus moves
 * with Tab (every stop is checked for a visible focus ring of 3:1), keys do the rest. Files are chosen through
 * the file chooser the keyboard opens. Signing up (the public dialog) and the staff's side of a delivery are
 * set up through their usual helpers; everything the story is about is done with keys.
 */

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n${'k'.repeat(1500)}`),
});

/** The one polite live region says `text`. */
const expectAnnounced = (page: Page, text: string | RegExp) =>
  expect(page.getByTestId('announcer')).toHaveText(text);

test('Keyboard only: a student adds a task from the list, picks pages and a deadline, applies a coupon, pays the deposit from the balance and sends a message with a file', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpStudent(page, testInfo);
  await creditStudent(page.request, 100);
  await page.goto('/orders');
  const title = `Keyboard essay ${testInfo.project.name} ${Date.now()}`;

  // The list's mini form: the name, the course from its list with the arrow keys, then Add new task.
  await tabTo(page.getByPlaceholder('Type your task name'));
  await page.keyboard.type(title);
  await tabTo(page.getByPlaceholder('Choose your course'));
  await page.keyboard.type('hist');
  await expect(page.getByRole('option', { name: /^History$/ })).toBeVisible();
  // Down the list to History (the active option is the combobox's aria-activedescendant).
  const activeOption = () =>
    page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
  for (let i = 0; i < 10 && (await activeOption()) !== 'History'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('Choose your course')).toHaveValue('History');
  await activate(page.getByRole('button', { name: 'Add new task' }));

  // The 'added' popup, when it shows, closes with Escape; the new row is next and Enter opens the task.
  const popup = page.getByRole('dialog', { name: "You've added a new task!" });
  const row = page.getByRole('link', { name: new RegExp(title) });
  await expect(popup.or(row).first()).toBeVisible();
  if (await popup.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  }
  await activate(row);
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  // Focus lands on the new page's heading, and the title says where we are.
  await expectFocusOn(page.getByRole('heading', { level: 1 }));
  await expect(page).toHaveTitle('Task — Geekly');

  // Task type, then pages with the arrow keys: each is saved on its own.
  await tabTo(page.getByRole('combobox', { name: 'Task type' }));
  await page.keyboard.type('Essay writing');
  await page.keyboard.press('Escape');
  const pages = page.getByLabel('Pages');
  await tabTo(pages);
  // Busy while the task type is saved.
  await expect(pages).not.toHaveAttribute('aria-disabled', 'true');
  const before = await pages.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(pages).not.toHaveValue(before);

  // The deadline: the calendar opens on Enter, Escape closes it with the focus back on its button; the arrow
  // keys move between days and Enter picks one.
  const dateButton = page.getByRole('button', { name: /^Date / });
  await activate(dateButton);
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expectFocusOn(dateButton);
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await expectVisibleFocus(page);
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  const price = page.getByTestId('quote-price');
  await expect(price).toHaveText(/^\$\d/);

  // The coupon: opened, typed and applied with Enter.
  await activate(page.getByRole('button', { name: 'I have a coupon code' }));
  await tabTo(page.getByPlaceholder('Enter code here'));
  await page.keyboard.type('NEWUSER');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Code:')).toContainText('NEWUSER');
  // The form gave way to the applied code: the focus is on its Remove, not lost to the page.
  await expectFocusOn(page.getByRole('button', { name: 'Remove' }));
  await expectNoA11yViolations(page);

  // Checkout: a new task starts with the 30% deposit ticked (docs/product/tasks-and-pricing.md); Space unticks it and ticks it again,
  // each saved before the next key (the box is busy meanwhile). Paid from the balance with Enter; announced.
  await activate(page.getByRole('link', { name: /^Pay \$/ }));
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/checkout$`));
  await expectFocusOn(page.getByRole('heading', { level: 1 }));
  await expect(page).toHaveTitle('Checkout — Geekly');
  const deposit = page.getByRole('checkbox', { name: '30% deposit' });
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  const depositLine = page.getByText(/^Pay \$[\d.]+ now and \$[\d.]+ when your task is done\.$/);
  await expect(deposit).toBeChecked();
  await expect(depositLine).toBeVisible();
  await tabTo(deposit);
  await page.keyboard.press('Space');
  await expect(depositLine).toBeHidden();
  await expect(deposit).not.toBeChecked();
  await expect(deposit).toBeEnabled();
  await page.keyboard.press('Space');
  await expect(depositLine).toBeVisible();
  await expect(deposit).toBeChecked();
  await expect(deposit).toBeEnabled();
  const depositText = (await depositLine.textContent()) ?? '';
  const depositDue = depositText.match(/^Pay (\$[\d.]+) now/)?.[1] ?? '';
  await expect(pay).toHaveText(`Pay ${depositDue}`);
  await activate(pay);
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  await expectAnnounced(page, 'Payment received');

  // Messages: the chat button opens the panel with the focus on its title; a file through the chooser the
  // Attach button opens, a message, Enter sends; Escape closes the panel and gives the focus back.
  // Chat is open to a student with a paid task (docs/product/messages.md): the button says Messages once the payment is known.
  await activate(page.getByRole('button', { name: /^Messages/ }));
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/messages$`));
  const panel = page.getByTestId('messages-panel');
  await expectFocusOn(panel.getByRole('heading', { name: 'Task messages' }));
  const chooser = page.waitForEvent('filechooser');
  await activate(panel.getByRole('button', { name: 'Attach a file' }));
  await (await chooser).setFiles(pdf('outline.pdf'));
  await expect(panel.getByRole('list', { name: 'Attached files' })).toContainText('outline.pdf');
  // docs/product/account.md: a message with files sends once every file is loaded; until then Enter does nothing.
  await expect(panel.getByRole('listitem').filter({ hasText: 'outline.pdf' }).first()).toHaveAttribute(
    'data-status',
    'loaded',
  );
  await tabTo(panel.getByRole('textbox', { name: 'Message' }), { back: true });
  await page.keyboard.type('Here is my outline.');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('list', { name: 'Messages' })).toContainText('Here is my outline.');
  await expectAnnounced(page, 'Message sent');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  await expectFocusOn(page.getByTestId('chat-button'));
});

test('Keyboard only: a student rates a delivered task with the arrow keys and requests a free revision', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Keyboard report',
    subject: 'History',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 40);
  await payFromBalance(page.request, id, { cents: 4000 });
  await operatorDeliversFinalDraft(
    page.request,
    id,
    { name: 'final.pdf', body: pdf('final.pdf').buffer },
    {
      name: 'Keyboard Geek',
      subject: 'History',
    },
  );

  await page.goto(`/order/${id}/rating`);
  const dialog = page.getByRole('dialog', { name: 'Rate your task' });
  await expect(dialog).toBeVisible();
  await tabTo(dialog.getByRole('radio', { name: /^1 star/ }));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: /^2 stars/ })).toBeChecked();
  await expect(dialog.getByText('What went wrong')).toBeVisible();
  // Sent without a reason: the error shows and the first reason takes the focus; then the details field.
  await activate(dialog.getByRole('button', { name: 'Submit Feedback' }));
  await expect(dialog.getByText('Please, choose at least 1 reason')).toBeVisible();
  await expectFocusOn(dialog.getByRole('checkbox', { name: 'Content' }));
  await tabTo(dialog.getByRole('checkbox', { name: 'Other' }));
  await page.keyboard.press('Space');
  await activate(dialog.getByRole('button', { name: 'Submit Feedback' }));
  await expect(dialog.getByText('Please, add some details')).toBeVisible();
  const details = dialog.getByLabel('Tell us more');
  await expectFocusOn(details);
  await expect(details).toHaveAccessibleDescription(/Please, add some details/);
  await page.keyboard.type('The sources are missing.');
  await expectNoA11yViolations(page);
  await activate(dialog.getByRole('button', { name: 'Submit Feedback' }));

  const sorry = page.getByRole('dialog', { name: 'Thank you for your feedback' });
  await activate(sorry.getByRole('link', { name: 'Request a free revision' }));
  await expect(page).toHaveURL(new RegExp(`/order/${id}/request-revision$`));
  const form = page.getByRole('dialog', { name: 'Request revision' });
  // Sent empty: the error is tied to its field, which takes the focus.
  await activate(form.getByRole('button', { name: 'Preview my request' }));
  const what = form.getByLabel('What has to be changed in your task?');
  await expect(form.getByText('Please, tell us what has to be changed in your order')).toBeVisible();
  await expectFocusOn(what);
  await expect(what).toHaveAccessibleDescription(/Please, tell us what has to be changed in your order/);
  await page.keyboard.type('Please add three academic sources.');
  await activate(form.getByRole('button', { name: 'Preview my request' }));
  const preview = page.getByRole('dialog', { name: 'Check your revision request' });
  await activate(preview.getByRole('button', { name: 'Send request' }));
  const thanks = page.getByRole('dialog', { name: 'Thank you!' });
  await activate(thanks.getByRole('button', { name: 'Back to the task' }));
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  await expect(page.getByText('You requested revision')).toBeVisible();
});

test(
  'Keyboard only: staff find a task in the queue, assign a Geek, upload the final draft and deliver',
  ONE_SIZE,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    await signUpStudent(page, testInfo);
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    const title = `Keyboard ops ${stamp}`;
    const id = await createPricedTask(page.request, { title, subject: 'English', pages: 1, hoursAhead: 100 });
    await creditStudent(page.request, 30);
    await payFromBalance(page.request, id, { cents: 2655 });
    const geekName = `Grace ${stamp}`;
    const { operatorToken } = await import('../support/operator.ts');
    const geek = await page.request.post('/api/v3/ops/geeks', {
      headers: { authorization: `Bearer ${await operatorToken(page.request)}` },
      data: { public_full_name: geekName, major: 'English', public_subjects: ['English'] },
    });
    expect(geek.status()).toBe(201);

    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize(),
    });
    const ops = await context.newPage();
    await ops.goto('/ops');
    await tabTo(ops.getByLabel('E-mail'));
    await ops.keyboard.type(E2E_OPERATOR.email);
    await tabTo(ops.getByLabel('Password'));
    await ops.keyboard.type(E2E_OPERATOR.password);
    await ops.keyboard.press('Enter');
    await expect(ops.getByRole('heading', { name: 'Queue' })).toBeVisible();

    // The queue: search, then the row opens with Enter; focus lands on the task's heading.
    await tabTo(ops.getByLabel('Search by number, title or client e-mail'));
    await ops.keyboard.type(title);
    const row = ops.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Instructions to check');
    await tabTo(row);
    await ops.keyboard.press('Enter');
    const heading = ops.getByRole('heading', { level: 1, name: title });
    await expectFocusOn(heading);

    const actions = ops.getByRole('region', { name: 'Actions' });
    await activate(actions.getByRole('button', { name: 'Instructions checked' }));
    await expect(actions.getByRole('button', { name: 'Instructions checked' })).toHaveCount(0);

    // Assign: the dialog opens on Enter; Escape closes it and the focus goes back to Assign.
    const assign = actions.getByRole('button', { name: 'Assign' });
    await activate(assign);
    const dialog = ops.getByRole('dialog', { name: /Assign a Geek/ });
    await expect(dialog).toBeVisible();
    await ops.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expectFocusOn(assign);
    await ops.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(dialog.getByRole('button', { name: /Geek/ }));
    await ops.keyboard.press('Enter');
    const option = ops.getByRole('option', { name: new RegExp(geekName) });
    await expect(option).toBeVisible();
    for (let i = 0; i < 50 && !(await option.evaluate((el) => el.hasAttribute('data-focused'))); i++)
      await ops.keyboard.press('ArrowDown');
    await ops.keyboard.press('Enter');
    await activate(dialog.getByRole('button', { name: 'Assign' }));
    await expect(dialog).toHaveCount(0);
    await expect(ops.getByTestId('ops-status')).toContainText('In Progress / Nerd found');
    await activate(actions.getByRole('button', { name: 'Start work' }));
    await expect(ops.getByTestId('ops-status')).toContainText('In Progress / In progress');

    // The final draft: the file through the chooser the keyboard opens, its check from the list, Upload.
    const files = ops.getByRole('region', { name: 'Files', exact: true });
    const chooser = ops.waitForEvent('filechooser');
    await activate(files.getByRole('button', { name: 'Choose file' }));
    await (await chooser).setFiles(pdf('keyboard-final.pdf'));
    await expect(files.getByTestId('chosen-file')).toContainText('keyboard-final.pdf');
    await activate(files.getByRole('button', { name: /Plagiarism check/ }));
    const clean = ops.getByRole('option', { name: 'No plagiarism found' });
    await expect(clean).toBeVisible();
    for (let i = 0; i < 10 && !(await clean.evaluate((el) => el.hasAttribute('data-focused'))); i++)
      await ops.keyboard.press('ArrowDown');
    await ops.keyboard.press('Enter');
    await activate(files.getByRole('button', { name: 'Upload' }));
    await expect(files.getByRole('list', { name: 'Geek files' })).toContainText('keyboard-final.pdf');
    await expectAnnounced(ops, /Upload finished: keyboard-final.pdf/);

    await activate(actions.getByRole('button', { name: 'Deliver' }));
    await expect(ops.getByTestId('ops-status')).toContainText('Completed / Sent');
    await expectAnnounced(ops, 'Task status changed');
    await expectNoA11yViolations(ops);
    await context.close();
  },
);
